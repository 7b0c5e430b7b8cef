/** Types of engine/build.mjs (plain JavaScript so it runs without a TypeScript loader). */
export declare const PROJECT_ROOT: string;
export declare const CLI_BUNDLE: string;
export declare const CLI_CODE_CACHE: string;
export declare const ENGINE_BUNDLE: string;
export declare function modifiedAt(file: string): number;
export declare function newestModification(paths: readonly string[]): number;
export declare function buildToolsInstalled(): boolean;
export declare function isEngineBuildStale(): boolean;
export declare function buildEngine(): Promise<void>;
