import { createHash } from 'node:crypto';

/**
 * `X-Hook-Signature`: the hex SHA-1 of the hook's id (decimal), the event name, the hook's
 * `settings.url` and its salt, concatenated as UTF-8 strings in that order with no separator.
 * The real service documents those four fields and SHA-1, nothing more; this is the
 * simulator's exact reading of it. A receiver recomputes it to check a POST came from the
 * service.
 */
export function hookSignature(hookId: number, event: string, url: string, salt: string): string {
  return createHash('sha1').update(`${hookId}${event}${url}${salt}`, 'utf8').digest('hex');
}
