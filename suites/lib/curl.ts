import { REDACTED } from './redact.ts';
import type { RequestRecord } from './types.ts';

/** Quotes for a POSIX shell: single quotes, with embedded ones closed and escaped. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** Headers node:http sets itself from the request; curl sets them the same way. */
const TRANSPORT_HEADERS = new Set(['content-length', 'host', 'connection']);

/** What of the target document's `tls` the run used: curl is told to do the same. */
export interface CurlTls {
  /** A CA beyond the system's (`tls.ca_file`): `--cacert "$DISCO_CA_CERT"`. */
  ca?: boolean;
  /** A client certificate (mutual TLS): `--cert "$DISCO_CLIENT_CERT" --key "$DISCO_CLIENT_KEY"`. */
  clientCertificate?: boolean;
}

/** The variable a curl command reads a redacted header's value from: `DISCO_HEADER_CF_ACCESS_CLIENT_SECRET`. */
export function redactedHeaderVariable(name: string): string {
  return `DISCO_HEADER_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

/**
 * A curl command that repeats the (already redacted) request. A redacted credential becomes a
 * reference to `$DISCO_API_KEY`, and any other header redacted whole one to
 * `$DISCO_HEADER_<NAME>`, so a person can fill them in without editing. curl adds headers
 * of its own (Accept, and a form Content-Type with a body) that the recorded request did not
 * have; they are switched off, so the target sees the same request.
 */
export function curlCommand(request: RequestRecord, tls: CurlTls = {}): string {
  // -g: a `[REDACTED]` in the URL (or an IPv6 host) is not a curl glob. A HEAD is curl's -I:
  // with -X HEAD curl waits for the body the answer's Content-Length announces, which never comes.
  const method = request.method.toUpperCase() === 'HEAD' ? ['-I'] : ['-i', '-X', request.method];
  const parts = ['curl', ...method.slice(0, 1), '-g', ...method.slice(1), shellQuote(request.url)];
  // The target document's tls, which the run used and curl must too: files named by variables,
  // as the key may have come from the environment and the files are not the report's to name.
  if (request.url.startsWith('https:')) {
    if (tls.ca) parts.push('--cacert', '"$DISCO_CA_CERT"');
    if (tls.clientCertificate) parts.push('--cert', '"$DISCO_CLIENT_CERT"', '--key', '"$DISCO_CLIENT_KEY"');
  }
  for (const [name, value] of Object.entries(request.headers)) {
    if (TRANSPORT_HEADERS.has(name)) continue;
    if (name === 'authorization' && value.includes(REDACTED)) {
      const scheme = value.split(' ')[0] ?? '';
      // tr: GNU base64 wraps long output, which would split the header.
      const shown = /^basic$/i.test(scheme) ? `${scheme} $(printf '%s:' "$DISCO_API_KEY" | base64 | tr -d '\\n')` : `${scheme} $DISCO_API_KEY`;
      parts.push('-H', `"${name}: ${shown}"`);
      continue;
    }
    // A header whose whole value was a secret (a gateway's token from the target document's
    // `headers`, a cookie) is read from the environment, as the key is.
    if (value === REDACTED) {
      parts.push('-H', `${shellQuote(`${name}: `)}"$${redactedHeaderVariable(name)}"`);
      continue;
    }
    // `name:` with nothing after it tells curl to remove the header; `name;` sends it empty.
    parts.push('-H', shellQuote(value.trim() === '' ? `${name};` : `${name}: ${value}`));
  }
  const unset = (name: string) => {
    if (!(name in request.headers)) parts.push('-H', shellQuote(`${name}:`));
  };
  unset('accept');
  if (request.body !== undefined) {
    unset('content-type');
    parts.push('--data-binary', shellQuote(request.body));
  }
  return parts.join(' ');
}
