import { readFileSync } from 'node:fs';

/** The package version, read once: the Server header and the OpenAPI document name it. */
export const SIMULATOR_VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: string }).version ?? '0.0.0';
