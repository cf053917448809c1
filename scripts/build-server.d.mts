// The types of build-server.mjs, for the TypeScript that imports it (the server tests' global setup).
export function compileServer(entries: string[], outDir: string): Promise<string[]>;
export function buildServer(options?: { quiet?: boolean }): Promise<string>;
