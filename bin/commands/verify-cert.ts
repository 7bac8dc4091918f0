import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { KeyObject } from 'node:crypto';
import { verifyCertification } from '../../reports/certification.ts';
import { ed25519PublicKey, KeyError, keyFingerprint } from '../../reports/signing.ts';
import { UsageError } from './usage-error.ts';

export const verifyCertHelp = `disco verify-cert FILE [--public-key KEY]: check a certification.json

  --public-key KEY  the Ed25519 public key (PEM; disco keygen writes one) the certificate must be
                    signed with: then FILE must be a certificate (certified: true), signed with
                    that key, its digest matching its content
Without --public-key only the digest is recomputed: that shows the document was not changed by
accident, not who made it.

The digest covers the document without its "digest" and "signature" members, as canonical JSON
(RFC 8785); the signature covers it without "signature" (digest included).
Exit codes: 0 valid; 1 refused (changed, unsigned, signed with another key, not a certificate);
2 FILE or KEY cannot be read.
`;

export async function verifyCert(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options: { 'public-key': { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } }, allowPositionals: true, strict: true });
  if (values.help) {
    process.stdout.write(verifyCertHelp);
    return 0;
  }
  const [file, ...rest] = positionals;
  if (!file || rest.length) throw new UsageError('verify-cert takes exactly one FILE');
  let publicKey: KeyObject | undefined;
  if (values['public-key'] !== undefined) {
    try {
      publicKey = ed25519PublicKey(await readFile(values['public-key'], 'utf8'), `--public-key ${values['public-key']}`);
    } catch (err) {
      const why = err instanceof KeyError ? err.message : `cannot read --public-key ${values['public-key']}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`;
      process.stderr.write(`disco verify-cert: ${why}\n`);
      return 2;
    }
  }
  let doc: unknown;
  try {
    doc = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    process.stderr.write(`disco verify-cert: cannot read ${file} as JSON: ${err instanceof Error ? err.message : String(err)}\n`);
    return 2;
  }
  const result = verifyCertification(doc, publicKey);
  if (!result.ok) {
    process.stdout.write(`${file}: REFUSED: ${result.problem ?? 'digest mismatch'}\n  recorded digest: ${result.recorded ?? '(none)'}\n  computed digest: ${result.expected}\n`);
    return 1;
  }
  const d = doc as { outcome?: string; target?: { name?: string }; suite?: { version?: string; commit?: string }; date?: string };
  const about = `${d.target?.name ?? '?'}, outcome ${String(d.outcome ?? '?').toUpperCase()}, disco ${d.suite?.version ?? '?'}${d.suite?.commit ? ` (${d.suite.commit.slice(0, 12)})` : ''}, ${d.date ?? '?'}`;
  if (publicKey) process.stdout.write(`${file}: VALID certificate of ${about}; signed by key ${keyFingerprint(publicKey).slice(0, 16)}…, digest sha256 ${result.expected}\n`);
  else process.stdout.write(`${file}: digest OK (sha256 ${result.expected}); ${result.certified ? 'a certificate' : 'a record of a run, not a certificate'} of ${about}; who made it is not checked (give --public-key)\n`);
  return 0;
}
