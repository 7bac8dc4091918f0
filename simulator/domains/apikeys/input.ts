import { parseIsoDateTime } from '../../http/date-time.ts';
import type { FieldProblem } from '../../http/errors.ts';
import { badValue, wrongShape } from '../../http/a-errors.ts';
import { fieldPath } from '../../http/field-path.ts';
import type { NewPipelineKey } from './types.ts';

const KNOWN_FIELDS = new Set(['name', 'admin', 'expires_at']);
/** ISO 8601 date-time with a zone (`Z` or an offset); seconds and fractions optional. */
export const MAX_KEY_NAME_LENGTH = 100;

/**
 * Reads a `POST /api-keys` body: `{name, admin?, expires_at?}`. The wrong shape (not an object,
 * unknown keys, a JSON type mismatch) is 422; a bad value (no name, an empty one, an expiry that
 * is not a date-time or not in the future) is 400. Both name the field.
 */
export function readNewKey(body: unknown, now: number, { foldKeyNames = false, expiryYearCapped = false, expiryUnixSeconds = false, adminNullAsAbsent = false, pastExpiryTaken = false }: { foldKeyNames?: boolean; expiryYearCapped?: boolean; expiryUnixSeconds?: boolean; adminNullAsAbsent?: boolean; pastExpiryTaken?: boolean } = {}): NewPipelineKey {
  const value = body ?? {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw wrongShape([{ field: 'body', message: 'must be a JSON object' }]);
  const fields = value as Record<string, unknown>;

  const shape: FieldProblem[] = [];
  for (const key of Object.keys(fields)) {
    // The fault's leniency: keys compared lower-cased with '-' read as '_', so 'Admin' or
    // 'EXPIRES-AT' pass for known keys (and, spelt otherwise, are then neither refused nor used).
    if (!KNOWN_FIELDS.has(foldKeyNames ? key.toLowerCase().replace(/-/g, '_') : key)) shape.push({ field: fieldPath([key]), message: 'is not a known key (name, admin, expires_at)' });
  }
  const { name } = fields;
  // The fault's leniency: a null admin flag read as none (clients that send every optional member, null where unset).
  const admin = adminNullAsAbsent && fields.admin === null ? undefined : fields.admin;
  // The fault's leniency: a whole number of seconds (a Terraform provider's timestamp) read as the
  // instant it names, before the type check, instead of refused as no date-time string.
  const expires = expiryUnixSeconds && Number.isSafeInteger(fields.expires_at) ? new Date((fields.expires_at as number) * 1000).toISOString() : fields.expires_at;
  if (name !== undefined && typeof name !== 'string') shape.push({ field: 'name', message: 'must be a string' });
  if (admin !== undefined && typeof admin !== 'boolean') shape.push({ field: 'admin', message: 'must be a boolean' });
  if (expires !== undefined && expires !== null && typeof expires !== 'string') shape.push({ field: 'expires_at', message: 'must be a date-time string or null' });
  if (shape.length) throw wrongShape(shape);

  const values: FieldProblem[] = [];
  if (typeof name !== 'string') values.push({ field: 'name', message: 'is required' });
  else if (name.trim() === '') values.push({ field: 'name', message: 'must not be empty' });
  else if (name.length > MAX_KEY_NAME_LENGTH) values.push({ field: 'name', message: `must be at most ${MAX_KEY_NAME_LENGTH} characters` });
  if (typeof expires === 'string') {
    const at = parseIsoDateTime(expires) ?? NaN;
    if (Number.isNaN(at)) values.push({ field: 'expires_at', message: 'must be an ISO 8601 date-time with a zone, such as 2030-01-31T00:00:00Z' });
    // The fault's store: the expiry kept as a UTC datetime whose year stops at 9999 (as Python's
    // does), its conversion unguarded: a time in 9999 whose offset puts it in 10000 UTC throws.
    else if (expiryYearCapped && at > Date.UTC(9999, 11, 31, 23, 59, 59, 999)) throw new RangeError('year 10000 is out of range');
    // The fault a-past-expiry-never-enforced: an expiry already past is not refused (see routes.ts).
    else if (at <= now && !pastExpiryTaken) values.push({ field: 'expires_at', message: 'must be in the future' });
  }
  if (values.length) throw badValue(values);

  return { name: name as string, admin: admin === true, expiresAt: typeof expires === 'string' ? expires : null };
}

/**
 * Reads the body of a `PATCH` of a key record, which only the fault `a-revoked-key-reactivated`
 * serves: whether it asks to bring the key back (`status: "active"` or `revoked_at: null`). Any
 * other object changes nothing; a body that is not an object is 422, as everywhere.
 */
export function readsAsReactivation(body: unknown): boolean {
  const value = body ?? {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw wrongShape([{ field: 'body', message: 'must be a JSON object' }]);
  const fields = value as Record<string, unknown>;
  return fields.status === 'active' || ('revoked_at' in fields && fields.revoked_at === null);
}
