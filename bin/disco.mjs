#!/usr/bin/env node
// The `disco` command. An installed package runs its compiled JavaScript (dist/, made by
// `npm pack`): nothing to compile at start. A checkout runs the TypeScript through tsx's loader.
import { existsSync } from 'node:fs';

const compiled = new URL('../dist/bin/disco.js', import.meta.url);
if (existsSync(compiled)) {
  await import(compiled.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./disco.ts');
}
