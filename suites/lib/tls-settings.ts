import { readFileSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { createSecureContext, rootCertificates, type SecureContextOptions } from 'node:tls';

/**
 * The run's TLS towards an `https://` target, from the target document's `tls` section: CAs to
 * trust beyond Node's own (a staging deployment signed by a private CA) and, for a deployment
 * that asks for one (mutual TLS), the client certificate the run presents. Everything is read
 * and checked when the document is, so a wrong file, a key that does not belong to the
 * certificate or a wrong passphrase ends the run before it starts (exit 2), naming the field,
 * never the key.
 */
export interface TargetTls {
  /** CAs trusted beyond Node's own, one PEM certificate each. */
  ca?: string[];
  /** The certificate (chain, PEM) the run presents when the target asks for one. */
  clientCert?: string;
  /** Its private key (PEM): a secret. */
  clientKey?: string;
  /** The key's passphrase, when it is encrypted: a secret. */
  clientKeyPassphrase?: string;
  /** The client certificate as reports show it: subject and SHA-256 fingerprint. */
  clientCertShown?: string;
}

export const TLS_FIELDS = ['ca', 'ca_file', 'client_cert', 'client_cert_file', 'client_key', 'client_key_file', 'client_key_passphrase'] as const;

type Fail = (message: string) => never;

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/**
 * Reads the section (`value` already checked to hold only TLS_FIELDS, its `_env` fields
 * resolved). `name_file` paths are read relative to `baseDir`; `name` holds the PEM text itself
 * (from the environment with `name_env`, as a CI secret usually is).
 */
export function resolveTls(value: Record<string, unknown>, at: string, baseDir: string, fail: Fail): TargetTls {
  const text = (field: string): string | undefined => {
    const v = value[field];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'string' || v.trim() === '') fail(`${at}.${field} must be a non-empty string`);
    return v;
  };
  const pem = (name: string): string | undefined => {
    const inline = text(name);
    const file = text(`${name}_file`);
    if (inline !== undefined && file !== undefined) fail(`${at}: set ${name} or ${name}_file, not both`);
    if (file === undefined) return inline;
    const path = resolvePath(baseDir, file);
    try {
      return readFileSync(path, 'utf8');
    } catch (err) {
      fail(`${at}.${name}_file: cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
    }
  };

  const out: TargetTls = {};
  const ca = pem('ca');
  if (ca !== undefined) {
    const certificates = ca.match(PEM_CERTIFICATE) ?? [];
    if (certificates.length === 0) fail(`${at}.ca holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
    certificates.forEach((certificate, i) => {
      try {
        new X509Certificate(certificate);
      } catch {
        fail(`${at}.ca: certificate ${i + 1} cannot be read`);
      }
    });
    out.ca = certificates;
  }

  const cert = pem('client_cert');
  const key = pem('client_key');
  const passphrase = text('client_key_passphrase');
  if (cert === undefined && key !== undefined) fail(`${at}.client_key is set but client_cert is not: set client_cert_file to the certificate the key belongs to`);
  if (cert !== undefined && key === undefined) fail(`${at}.client_cert is set but client_key is not: set client_key_file (or client_key_env) to its private key`);
  if (passphrase !== undefined && key === undefined) fail(`${at}.client_key_passphrase is set but client_key is not`);
  if (cert !== undefined && key !== undefined) {
    const pair = readKeyPair(cert, key, passphrase);
    if ('problem' in pair) fail(`${at}.${keyPairProblemText(pair)}`);
    const shown = `${pair.certificate.subject.replace(/\n/g, ', ')} (SHA-256 ${pair.certificate.fingerprint256})`;
    Object.assign(out, { clientCert: cert, clientKey: key, clientCertShown: shown }, passphrase !== undefined ? { clientKeyPassphrase: passphrase } : {});
  }
  return out;
}

/** Why a certificate and key (PEM) cannot serve together; `code` is OpenSSL's, which names no key material. */
export type KeyPairProblem = { problem: 'not-a-certificate' | 'mismatch' | 'encrypted' | 'wrong-passphrase' | 'not-a-key' | 'other'; code?: string };

/**
 * The certificate, read, when `key` is its key and opens (with `passphrase` if encrypted); else
 * what is wrong, in OpenSSL's terms made plain. One place for both the target document's client
 * certificate and `disco serve --tls-cert/--tls-key`, which word the problem for their fields.
 */
export function readKeyPair(cert: string, key: string, passphrase?: string): { certificate: X509Certificate } | KeyPairProblem {
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(cert);
  } catch {
    return { problem: 'not-a-certificate' };
  }
  try {
    createSecureContext({ cert, key, ...(passphrase !== undefined ? { passphrase } : {}) });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    switch (code) {
      case 'ERR_OSSL_X509_KEY_VALUES_MISMATCH':
        return { problem: 'mismatch', code };
      case 'ERR_OSSL_BAD_DECRYPT':
        return { problem: passphrase === undefined ? 'encrypted' : 'wrong-passphrase', code };
      case 'ERR_OSSL_PEM_NO_START_LINE':
      case 'ERR_OSSL_UNSUPPORTED':
        return { problem: 'not-a-key', code };
      default:
        return { problem: 'other', ...(code !== undefined ? { code } : {}) };
    }
  }
  // OpenSSL finds a mismatch only between keys of one type: an Ed25519 key beside an EC
  // certificate loads, and every handshake then fails. The certificate's own check sees it.
  try {
    if (!certificate.checkPrivateKey(createPrivateKey({ key, ...(passphrase !== undefined ? { passphrase } : {}) }))) return { problem: 'mismatch' };
  } catch {
    return { problem: 'mismatch' };
  }
  return { certificate };
}

/**
 * A certificate and unencrypted key to serve HTTPS with (`disco serve --tls-cert`,
 * `startSimulator({tls})`): whether the certificate is self-signed, and so its own CA for clients
 * to trust as such, or what is wrong with the pair.
 */
export function servingPair(cert: string, key: string): { selfSigned: boolean } | KeyPairProblem {
  const pair = readKeyPair(cert, key);
  return 'problem' in pair ? pair : { selfSigned: pair.certificate.checkIssued(pair.certificate) };
}

/** The problem in the target document's terms (no key material). */
function keyPairProblemText({ problem, code }: KeyPairProblem): string {
  switch (problem) {
    case 'not-a-certificate':
      return 'client_cert is not a PEM certificate (-----BEGIN CERTIFICATE-----)';
    case 'mismatch':
      return 'client_key is not the key of client_cert';
    case 'wrong-passphrase':
      return 'client_key cannot be decrypted with client_key_passphrase (a wrong passphrase?)';
    case 'encrypted':
      return 'client_key is encrypted: set client_key_passphrase (or client_key_passphrase_env)';
    case 'not-a-key':
      return 'client_key is not a PEM private key (-----BEGIN PRIVATE KEY-----)';
    case 'other':
      return `client_cert and client_key cannot be used together (${code ?? 'unknown error'})`;
  }
}

const requestOptions = new WeakMap<TargetTls, SecureContextOptions>();

/**
 * The TLS options of every request to an `https://` URL of the target: none beyond Node's
 * defaults without a `tls` section. A given `ca` replaces Node's list, so the list is Node's own
 * roots, then NODE_EXTRA_CA_CERTS's (which Node would otherwise have added), then the document's.
 */
export function tlsRequestOptions(tls: TargetTls | undefined): SecureContextOptions {
  if (!tls) return {};
  let options = requestOptions.get(tls);
  if (!options) {
    options = {
      ...(tls.ca ? { ca: [...rootCertificates, ...extraCaFromEnvironment(), ...tls.ca] } : {}),
      ...(tls.clientCert !== undefined ? { cert: tls.clientCert } : {}),
      ...(tls.clientKey !== undefined ? { key: tls.clientKey } : {}),
      ...(tls.clientKeyPassphrase !== undefined ? { passphrase: tls.clientKeyPassphrase } : {}),
    };
    requestOptions.set(tls, options);
  }
  return options;
}

function extraCaFromEnvironment(): string[] {
  const path = process.env.NODE_EXTRA_CA_CERTS;
  if (!path) return [];
  try {
    return readFileSync(path, 'utf8').match(PEM_CERTIFICATE) ?? [];
  } catch {
    // Node itself only warns about an unreadable file; so does nothing here.
    return [];
  }
}

/**
 * A failed TLS handshake in the document's terms, or null for any other error. OpenSSL's own
 * message spans lines and names its source files; what a user needs is whether the target asked
 * for a client certificate, refused the one sent, or could not be verified, and what to set.
 * `presented`: the run sent a client certificate (the document's `tls`) and the target has not
 * answered one request with it yet, so a refusal may be the certificate's.
 */
export function tlsFailure(err: NodeJS.ErrnoException, presented: boolean): string | null {
  const code = err.code ?? '';
  const alert = /alert ([a-z ]+?)(?::|$)/m.exec(err.message)?.[1]?.trim();
  if (code.startsWith('ERR_SSL_') && alert === 'certificate required') {
    return presented ? 'the target asked for a client certificate and did not get one it takes (TLS alert: certificate required)' : 'the target asks for a client certificate (TLS alert: certificate required): name one in the target document (tls.client_cert_file, tls.client_key_file)';
  }
  if (code.startsWith('ERR_SSL_') && alert !== undefined) return `the target ended the TLS handshake (TLS alert: ${alert})${presented ? ': it may not trust the client certificate tls names' : ''}`;
  if (code === 'ECONNRESET' && presented) return `${err.message} (ECONNRESET); the target may not trust the client certificate tls names`;
  return null;
}
