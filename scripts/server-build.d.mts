export declare const ROOT: string;
export declare const OUT_DIR: string;
export declare const ENTRIES: Record<string, string>;
export declare function serverBuildStale(): boolean;
export declare function buildServer(): Promise<void>;
