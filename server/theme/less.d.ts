/** The part of the `less` package's API the template-folder styles use (the package ships no types). */
declare module 'less' {
  export interface LessLoadedFile {
    contents: string;
    filename: string;
  }
  export class FileManager {
    supports(filename: string, currentDirectory: string, options: unknown, environment: unknown): boolean;
    supportsSync(filename: string, currentDirectory: string, options: unknown, environment: unknown): boolean;
    loadFile(filename: string, currentDirectory: string, options: unknown, environment: unknown): Promise<LessLoadedFile>;
  }
  export interface LessPluginManager {
    addFileManager(manager: FileManager): void;
  }
  export interface LessPlugin {
    install(less: unknown, pluginManager: LessPluginManager): void;
  }
  export interface LessOptions {
    filename?: string;
    plugins?: LessPlugin[];
    modifyVars?: Record<string, string>;
    javascriptEnabled?: boolean;
    math?: string | number;
  }
  /** A compile failure: line is 1-based, column 0-based, filename as the file manager named it. */
  export interface LessError {
    message: string;
    filename?: string;
    line?: number | null;
    column?: number | null;
    type?: string;
  }
  const less: {
    FileManager: typeof FileManager;
    render(input: string, options?: LessOptions): Promise<{ css: string }>;
  };
  export default less;
}
