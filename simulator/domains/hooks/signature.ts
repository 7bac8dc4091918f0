import { createHash, createHmac } from 'node:crypto';
import type { Conventions } from '../../conventions.ts';

export interface Signed {
  hookId: number;
  event: string;
  /** The hook's `settings.url`. */
  url: string;
  salt: string;
  /** The POST body as sent. */
  body: string;
}

/**
 * The signature of a web hook POST (B-GAP-4), by the conventions' scheme:
 *
 * - `sha1-of-fields` (`X-Hook-Signature`): the hex SHA-1 of the hook's id (decimal), the event
 *   name, the hook's `settings.url` and its salt, concatenated as UTF-8 strings in that order with
 *   no separator. The real service documents those four fields and SHA-1, nothing more; this is
 *   the simulator's exact reading of it.
 * - `hmac-sha256-of-body` (`alt`): `sha256=` and the hex HMAC-SHA256 of the body, keyed with the salt.
 *
 * A receiver recomputes it to check a POST came from the service.
 */
export function hookSignature(scheme: Conventions['b']['hookSignature']['scheme'], signed: Signed): string {
  if (scheme === 'hmac-sha256-of-body') return `sha256=${createHmac('sha256', signed.salt).update(signed.body, 'utf8').digest('hex')}`;
  return createHash('sha1').update(`${signed.hookId}${signed.event}${signed.url}${signed.salt}`, 'utf8').digest('hex');
}
