import { rm, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { newKeyPair } from '../../reports/signing.ts';
import { UsageError } from './usage-error.ts';

export const keygenHelp = `disco keygen [--out PREFIX]: make an Ed25519 key pair for signing certificates

  --out PREFIX  writes PREFIX.key (private, PKCS#8 PEM, mode 0600) and PREFIX.pub (public, SPKI
                PEM); default disco-signing. Existing files are never overwritten.
Give the private key to disco check --certify --sign-key, the public key to whoever verifies
(disco verify-cert --public-key).
`;

export async function keygen(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options: { out: { type: 'string', default: 'disco-signing' }, help: { type: 'boolean', short: 'h', default: false } }, allowPositionals: true, strict: true });
  if (values.help) {
    process.stdout.write(keygenHelp);
    return 0;
  }
  if (positionals.length) throw new UsageError(`keygen takes no positional arguments (got ${positionals.join(' ')})`);
  if (values.out.trim() === '') throw new UsageError('--out must not be empty');
  const pair = newKeyPair();
  const privatePath = `${values.out}.key`;
  const publicPath = `${values.out}.pub`;
  let written = false;
  try {
    // 'wx': fail when the file exists, so a key in use is never replaced by accident.
    await writeFile(privatePath, pair.privatePem, { mode: 0o600, flag: 'wx' });
    written = true;
    await writeFile(publicPath, pair.publicPem, { mode: 0o644, flag: 'wx' });
  } catch (e) {
    // Both or neither: a private key left without its public key signs what nobody can check.
    if (written) await rm(privatePath, { force: true });
    process.stderr.write(`disco keygen: cannot write ${(e as NodeJS.ErrnoException).path ?? values.out}: ${(e as NodeJS.ErrnoException).code ?? String(e)}\n`);
    return 2;
  }
  process.stdout.write(`private key: ${privatePath} (keep it secret)\npublic key:  ${publicPath}\nfingerprint: ${pair.fingerprint}\n`);
  return 0;
}
