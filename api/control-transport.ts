import http from 'node:http';
import https from 'node:https';
import { rootCertificates } from 'node:tls';

/**
 * One request to a simulator's control API, over HTTP or HTTPS. Node's `fetch` takes no CA of the
 * caller's, so a simulator serving a self-signed certificate (`disco serve --tls-cert`,
 * `startSimulator({tls})`) could not be driven by it; here `ca` is trusted beside Node's roots,
 * as the target document's `tls.ca_file` is by `disco check`.
 */
export interface ControlTransportOptions {
  /** PEM certificate(s) to trust beside Node's own roots (a self-signed simulator's certificate). */
  ca?: string;
}

export interface ControlAnswer {
  status: number;
  text: string;
}

/** How long a control request may take: the control API answers at once, but a wait (webhooks) may ask up to a minute. */
const CONTROL_TIMEOUT_MS = 120_000;

export function controlRequest(url: string, method: string, body: string | undefined, options: ControlTransportOptions = {}): Promise<ControlAnswer> {
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  const headers: http.OutgoingHttpHeaders = body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
  return new Promise((resolve, reject) => {
    const settings: https.RequestOptions = { method, headers, timeout: CONTROL_TIMEOUT_MS, ...(secure && options.ca ? { ca: [...rootCertificates, options.ca] } : {}) };
    const req = (secure ? https : http).request(target, settings, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${CONTROL_TIMEOUT_MS / 1000} s`)));
    req.on('error', reject);
    req.end(body);
  });
}
