import type { RequestRecord } from './types.ts';

/** Quotes for a POSIX shell: single quotes, with embedded ones closed and escaped. */
function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * A curl command that repeats the (already redacted) request. Redacted credentials are turned
 * into environment variable references so a person can fill them in without editing.
 */
export function curlCommand(request: RequestRecord): string {
  const parts = ['curl', '-i', '-X', request.method, shellQuote(request.url)];
  for (const [name, value] of Object.entries(request.headers)) {
    if (name === 'content-length' || name === 'host' || name === 'connection') continue;
    let shown = value;
    if (name === 'authorization' && value.includes('[REDACTED]')) {
      const scheme = value.split(' ')[0] ?? '';
      shown = /^basic$/i.test(scheme) ? `${scheme} $(printf '%s:' "$DISCO_API_KEY" | base64)` : `${scheme} $DISCO_API_KEY`;
      parts.push('-H', `"${name}: ${shown}"`);
      continue;
    }
    parts.push('-H', shellQuote(`${name}: ${shown}`));
  }
  // The request had no Accept: `-H 'accept:'` stops curl from adding its own `*/*`.
  if (!('accept' in request.headers)) parts.push('-H', shellQuote('accept:'));
  if (request.body !== undefined) parts.push('--data-binary', shellQuote(request.body));
  return parts.join(' ');
}
