// The package's entry for plain JavaScript (node:test, jest, mocha): registers tsx's loader so
// the TypeScript sources run without a build step, as bin/disco.mjs does, then re-exports.
import { register } from 'tsx/esm/api';

register();
const api = await import('./index.ts');

export const { startSimulator, controlClient, ControlError } = api;
