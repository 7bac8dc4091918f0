// The package's entry for plain JavaScript (node:test, jest, mocha). An installed package uses
// its compiled JavaScript (dist/, made by `npm pack`), which any runner can import; a checkout
// registers tsx's loader so the TypeScript sources run without a build step.
import { existsSync } from 'node:fs';

const compiled = new URL('../dist/api/index.js', import.meta.url);
let api;
if (existsSync(compiled)) {
  api = await import(compiled.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  api = await import('./index.ts');
}

export const { startSimulator, controlClient, ControlError } = api;
