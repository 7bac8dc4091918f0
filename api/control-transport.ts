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
  /** The largest answer read (`CONTROL_ANSWER_LIMIT_BYTES` unless given). */
  answerLimitBytes?: number;
}

export interface ControlAnswer {
  status: number;
  text: string;
}

/** How long a control request may take in all: the control API answers at once, but a wait (webhooks) may ask up to a minute. */
const CONTROL_TIMEOUT_MS = 120_000;

/**
 * The largest answer read: a whole state of a big simulator is tens of megabytes; past this the
 * URL is not a simulator's control API (and the text would outgrow what a string can hold).
 */
export const CONTROL_ANSWER_LIMIT_BYTES = 256 * 1024 * 1024;

export function controlRequest(url: string, method: string, body: string | undefined, options: ControlTransportOptions = {}): Promise<ControlAnswer> {
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  const headers: http.OutgoingHttpHeaders = body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
  return new Promise((resolve, reject) => {
    const settings: https.RequestOptions = { method, headers, timeout: CONTROL_TIMEOUT_MS, ...(secure && options.ca ? { ca: [...rootCertificates, options.ca] } : {}) };
    // A deadline for the whole exchange: the socket's idle timeout alone lets a trickle go on for ever.
    const deadline = setTimeout(() => req.destroy(new Error(`no whole answer within ${CONTROL_TIMEOUT_MS / 1000} s`)), CONTROL_TIMEOUT_MS);
    const settle = <T>(done: (value: T) => void) => (value: T) => {
      clearTimeout(deadline);
      done(value);
    };
    const ok = settle(resolve);
    const fail = settle(reject);
    const req = (secure ? https : http).request(target, settings, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const limit = options.answerLimitBytes ?? CONTROL_ANSWER_LIMIT_BYTES;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > limit) req.destroy(new Error(`the answer is larger than ${limit} bytes: is this a disco simulator's control API?`));
        else chunks.push(c);
      });
      res.on('end', () => ok({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', fail);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${CONTROL_TIMEOUT_MS / 1000} s`)));
    req.on('error', fail);
    req.end(body);
  });
}
