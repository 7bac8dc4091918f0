import { readFile } from 'node:fs/promises';
import { UsageError } from './usage-error.ts';

/** A PEM file to trust (`--ca`, a target document's `tls.ca_file`), read or refused (exit 2) with the reason. */
export async function readCa(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read the certificate ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
}
