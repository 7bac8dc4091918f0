// The types of scripts/compile.mjs, for the TypeScript that imports it (test/support/test-build.ts).
export declare function compile(root: string, out: string): Promise<void>;
