import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { curlCommand } from './curl.ts';

/** What a POSIX shell makes of the command: its words, one per line (curl itself is not run). */
function words(command: string, env: Record<string, string> = { DISCO_API_KEY: 'k'.repeat(60) }): string[] {
  const script = `set -- ${command.replace(/^curl /, '')}; for w in "$@"; do printf '%s\\0' "$w"; done`;
  return execFileSync('sh', ['-c', script], { env: { ...process.env, ...env } }).toString('utf8').split('\0').slice(0, -1);
}

describe('curl command', () => {
  it('repeats method, URL, headers and a body with quotes, and switches off what curl adds', () => {
    const body = `{"name":"it's \\"quoted\\" $HOME"}`;
    const cmd = curlCommand({ method: 'POST', url: 'http://127.0.0.1:1/a/api/x?q=[REDACTED]', headers: { 'content-length': '9' }, body });
    const w = words(cmd);
    expect(w.slice(0, 5)).toEqual(['-i', '-g', '-X', 'POST', 'http://127.0.0.1:1/a/api/x?q=[REDACTED]']);
    // No Accept and no Content-Type were sent: curl must not add its own.
    expect(w).toContain('accept:');
    expect(w).toContain('content-type:');
    expect(w).not.toContain('content-length: 9');
    expect(w.at(-1)).toBe(body);
  });

  it('repeats a chunked body chunked: Transfer-Encoding: chunked stays, and curl then sends --data-binary in chunks without Content-Length', () => {
    const cmd = curlCommand({ method: 'PUT', url: 'http://127.0.0.1:1/a/api/user', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, body: '{"location":"x"}' });
    const w = words(cmd);
    expect(w).toContain('transfer-encoding: chunked');
    expect(w.at(-1)).toBe('{"location":"x"}');
  });

  it('repeats a HEAD as curl -I (with -X HEAD curl would wait for a body that never comes)', () => {
    const w = words(curlCommand({ method: 'HEAD', url: 'http://h/x', headers: {} }));
    expect(w.slice(0, 3)).toEqual(['-I', '-g', 'http://h/x']);
    expect(w).not.toContain('-X');
  });

  it('reads a redacted key from $DISCO_API_KEY, Basic in one unwrapped Base64 line', () => {
    const w = words(curlCommand({ method: 'GET', url: 'http://h/x', headers: { authorization: 'Basic [REDACTED]', accept: 'application/json' } }));
    const auth = w[w.indexOf('-H') + 1];
    expect(auth).toBe(`authorization: Basic ${Buffer.from(`${'k'.repeat(60)}:`).toString('base64')}`);
    expect(w).toContain('accept: application/json');
    expect(w).not.toContain('accept:');
  });

  it('reads a header redacted whole (a gateway token) from $DISCO_HEADER_<NAME>, and leaves a partly redacted one as it is', () => {
    const command = curlCommand({ method: 'GET', url: 'http://h/x', headers: { 'cf-access-client-secret': '[REDACTED]', 'x-note': 'a [REDACTED] b' } });
    expect(command).toContain(`-H 'cf-access-client-secret: '"$DISCO_HEADER_CF_ACCESS_CLIENT_SECRET"`);
    const w = words(command, { DISCO_HEADER_CF_ACCESS_CLIENT_SECRET: 'tok $x "y"' });
    expect(w).toContain('cf-access-client-secret: tok $x "y"');
    expect(w).toContain('x-note: a [REDACTED] b');
  });

  it('presents the CA and client certificate the run used (the document\'s tls), from variables, to https targets only', () => {
    const tls = { ca: true, clientCertificate: true };
    const w = words(curlCommand({ method: 'GET', url: 'https://h/x', headers: {} }, tls), { DISCO_CA_CERT: '/etc/ca.pem', DISCO_CLIENT_CERT: '/c/ci.pem', DISCO_CLIENT_KEY: '/c/ci.key' });
    expect(w.slice(5, 11)).toEqual(['--cacert', '/etc/ca.pem', '--cert', '/c/ci.pem', '--key', '/c/ci.key']);
    expect(curlCommand({ method: 'GET', url: 'http://h/x', headers: {} }, tls)).not.toMatch(/--cacert|--cert|--key/);
    expect(curlCommand({ method: 'GET', url: 'https://h/x', headers: {} })).not.toMatch(/--cacert|--cert|--key/);
  });

  it('sends an empty header as empty, not removed', () => {
    const w = words(curlCommand({ method: 'GET', url: 'http://h/x', headers: { authorization: '' } }));
    expect(w).toContain('authorization;');
  });
});
