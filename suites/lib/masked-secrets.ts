import { isObject, sameJson, type JsonObject } from './answers.ts';
import { looksSecret } from './redact.ts';

/**
 * Secret settings shown masked. The spec shows a hook's `settings` as an object and names none of
 * its keys; a deployment may show a secret one masked in its answers, as GitHub shows a webhook's
 * secret and as the real service leaves a web hook's `basic_auth_data` out. A mask is taken for
 * the value sent only where it is plainly one: a redaction token, or mask characters with at most
 * half of the sent value kept around them (`****abcd`, `sk_…abcd`), each kept part the sent
 * value's own start or end.
 */

/** A redaction token in place of the value: `[REDACTED]`, `[FILTERED]` (Rails' filter), `<hidden>`... */
const REDACTION_TOKEN = /^[[<({]?\s*(?:redacted|filtered|hidden|masked|secret|sensitive)\s*[\]>)}]?$/i;

/** The value's kept start, a run of mask characters, its kept end. */
const MASKED = /^(.*?)([*•●]{3,}|[xX]{3,}|\.{3}|…)(.*)$/s;

/** Mask characters, counted in a description. */
const MASK_CHARACTER = /[*•●…]/g;

/** Whether `got` is `sent` (a secret) shown masked: a redaction token, or mask characters with at most half of `sent` kept, from its start or end. */
export function masks(sent: string, got: unknown): boolean {
  if (typeof got !== 'string' || got === sent || sent === '') return false;
  if (REDACTION_TOKEN.test(got.trim())) return true;
  const m = MASKED.exec(got);
  if (!m) return false;
  const [, head = '', , tail = ''] = m;
  return sent.startsWith(head) && sent.endsWith(tail) && head.length + tail.length <= Math.floor(sent.length / 2);
}

/**
 * Whether `got` (settings read back) holds every setting of `sent` as sent, a secret-named one
 * (`looksSecret`) also where it is shown masked (`masks`). The keys shown masked; null where a
 * setting is missing or differs otherwise.
 */
export function settingsReflect(got: unknown, sent: JsonObject): { masked: string[] } | null {
  if (!isObject(got)) return null;
  const masked: string[] = [];
  for (const [key, value] of Object.entries(sent)) {
    if (Object.hasOwn(got, key) && sameJson(got[key], value)) continue;
    if (looksSecret(key) && typeof value === 'string' && Object.hasOwn(got, key) && masks(value, got[key])) masked.push(key);
    else return null;
  }
  return { masked };
}

function kind(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * How a secret-named value read back (`got`) differs from the one sent, without the text of either
 * (a report shows both redacted, which would read alike): lengths, how many characters are mask
 * characters, how much of either end is the sent value's, whether it is a redaction token.
 */
export function secretDifference(sent: unknown, got: unknown): string {
  if (got === undefined) return 'missing';
  if (typeof sent !== 'string' || typeof got !== 'string') return `${kind(got)} where ${kind(sent)} was sent`;
  if (got === sent) return 'as sent';
  if (REDACTION_TOKEN.test(got.trim())) return `the redaction token ${JSON.stringify(got)} (sent ${sent.length} characters)`;
  const most = Math.min(sent.length, got.length);
  let head = 0;
  while (head < most && sent[head] === got[head]) head++;
  let tail = 0;
  while (tail < most - head && sent[sent.length - 1 - tail] === got[got.length - 1 - tail]) tail++;
  const masked = got.match(MASK_CHARACTER)?.length ?? 0;
  const ends = [head ? `its first ${head} the sent value's first ${head}` : '', tail ? `its last ${tail} the sent value's last ${tail}` : ''].filter(Boolean);
  return `${got.length} characters where ${sent.length} were sent, ${masked ? `${masked} of them mask characters` : 'no mask characters'}, ${ends.length ? ends.join(', ') : 'neither end the sent value\'s'}`;
}

/** Each secret-named member of `sent` that `got` does not hold as sent, described by `secretDifference`. */
export function secretDifferences(sent: unknown, got: unknown): string[] {
  if (!isObject(sent)) return [];
  const other = isObject(got) ? got : {};
  return Object.entries(sent)
    .filter(([key, value]) => looksSecret(key) && !sameJson(other[key], value))
    .map(([key, value]) => `${key}: ${secretDifference(value, other[key])}`);
}
