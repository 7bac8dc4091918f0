import { invalidFields, type FieldProblem } from '../../http/errors.ts';
import { isAccountRegion } from '../clusters/placement.ts';
import { isEmailAddress } from '../users/email.ts';
import { textProblem } from '../shared/text-field.ts';

/** What `PUT /accounts/{account_id}` may change. Absent fields stay as they are. */
export interface AccountPatch {
  account_id?: string;
  name?: string;
  location?: string | null;
  region?: string;
  billing_email?: string | null;
  gravatar_email?: string | null;
}

/**
 * Reads the body of `PUT /accounts/{account_id}` (flat, as the docs' example and the vendor's
 * Java client send it). Unknown keys are ignored: clients send the account they read back, counts
 * and all. Every known field given must be valid, else one 422 names each bad field and nothing
 * changes. `location` and the addresses may be null (cleared).
 */
export function parseAccountPatch(body: Record<string, unknown>): AccountPatch {
  const problems: FieldProblem[] = [];
  const patch: AccountPatch = {};
  if (body.account_id !== undefined) {
    if (typeof body.account_id !== 'string' || body.account_id.trim() === '') problems.push({ field: 'account_id', message: 'must be a non-empty string' });
    else patch.account_id = body.account_id;
  }
  if (body.name !== undefined) {
    const problem = textProblem(body.name, { nonBlank: true });
    if (problem) problems.push({ field: 'name', message: problem });
    else patch.name = body.name as string;
  }
  if (body.location !== undefined) {
    const problem = body.location === null ? undefined : textProblem(body.location, { nonBlank: false });
    if (problem) problems.push({ field: 'location', message: typeof body.location === 'string' ? problem : 'must be a string or null' });
    else patch.location = body.location as string | null;
  }
  if (body.region !== undefined) {
    if (!isAccountRegion(body.region)) problems.push({ field: 'region', message: 'must be the id of a region GET /regions lists, such as amazon-web-services::us-east-1' });
    else patch.region = body.region;
  }
  for (const field of ['billing_email', 'gravatar_email'] as const) {
    const value = body[field];
    if (value === undefined) continue;
    if (value === null || (typeof value === 'string' && isEmailAddress(value))) patch[field] = value;
    else problems.push({ field, message: 'must be a valid email address or null' });
  }
  if (problems.length) throw invalidFields(problems);
  return patch;
}
