import type http from 'node:http';
import { parse as parseContentType } from 'content-type';

/** What the test gateways share: how a gateway passes headers on and when it reads a body as JSON. */

/** Headers that describe one connection, not the message (RFC 9110, 7.6.1): a gateway does not pass them on. */
export function withoutHopByHop(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = { ...headers };
  for (const name of ['connection', 'keep-alive', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-connection']) delete out[name];
  return out;
}

/** The body read with `parse` when the media type says JSON (`application/json`, `*+json`) and it parses; undefined otherwise. */
export function jsonOf(type: string, body: Buffer, parse: (text: string) => unknown): unknown {
  let mediaType: string;
  try {
    mediaType = parseContentType(type).type;
  } catch {
    return undefined;
  }
  if (mediaType !== 'application/json' && !mediaType.endsWith('+json')) return undefined;
  try {
    return parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}
