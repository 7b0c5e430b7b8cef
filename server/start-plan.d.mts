/** Types of server/start-plan.mjs (plain JavaScript so npm start runs without a TypeScript loader). */
export interface StartOutput {
  script: string;
  file: string;
  sources: string[];
}
export declare function startOutputs(root: string): StartOutput[];
export declare function staleOutputs(root: string, outputs: readonly StartOutput[], toolsInstalled: boolean): StartOutput[];
export declare function serverOutput(root: string, bundle: string): StartOutput;
export declare function buildWhatIsStale(root: string, outputs: readonly StartOutput[], toolsInstalled: boolean, said: { name: string; running: string }): void;
