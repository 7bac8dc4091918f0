// The types of scripts/compile.mjs, for the TypeScript that imports it (test/support/test-build.ts).
export declare const CODE_DIRS: readonly string[];
export declare function isShipped(path: string): boolean;
export declare function compile(root: string, out: string): Promise<void>;
