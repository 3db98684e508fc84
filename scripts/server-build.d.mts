export declare const ROOT: string;
export declare const OUT_DIR: string;
export declare const ENTRIES: Record<string, string>;
export declare function serverBuildStale(): boolean;
export declare function buildServer(): Promise<void>;
export declare const NODE_FLAGS: Record<string, string[]>;
export declare function missingNodeFlags(name: string, execArgv: readonly string[]): string[];
