import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { verifyCertification } from '../../reports/certification.ts';
import { UsageError } from './usage-error.ts';

export const verifyCertHelp = `disco verify-cert FILE: recompute the SHA-256 digest of a certification.json

The digest covers the document without its "digest" member, as canonical JSON (RFC 8785).
Exit codes: 0 the digest matches; 1 it does not (the file was changed); 2 the file cannot be read.
`;

export async function verifyCert(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options: { help: { type: 'boolean', short: 'h', default: false } }, allowPositionals: true, strict: true });
  if (values.help) {
    process.stdout.write(verifyCertHelp);
    return 0;
  }
  const [file, ...rest] = positionals;
  if (!file || rest.length) throw new UsageError('verify-cert takes exactly one FILE');
  let doc: unknown;
  try {
    doc = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    process.stderr.write(`disco verify-cert: cannot read ${file} as JSON: ${err instanceof Error ? err.message : String(err)}\n`);
    return 2;
  }
  const result = verifyCertification(doc);
  if (result.ok) {
    process.stdout.write(`${file}: digest OK (sha256 ${result.expected})\n`);
    return 0;
  }
  process.stdout.write(`${file}: ${result.problem ?? 'digest mismatch'}\n  recorded: ${result.recorded ?? '(none)'}\n  computed: ${result.expected}\n`);
  return 1;
}
