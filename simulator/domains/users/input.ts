import { invalidFields, type FieldProblem } from '../../http/errors.ts';
import { isEmailAddress } from './email.ts';
import { isTimeZone } from './time-zone.ts';
import { MAX_TEXT, textProblem } from '../shared/text-field.ts';

/** What `PUT /user` may change. Absent fields stay as they are. */
export interface UserPatch {
  name?: string;
  email?: string;
  time_zone?: string;
  location?: string;
  notification_settings?: Record<string, unknown>;
  /** null: back to the user's own email. */
  gravatar_email?: string | null;
  receive_newsletter?: boolean;
}

/** What `POST /user/keys` carries. A null name means "use the key's comment". */
export interface SshKeyInput {
  name: string | null;
  publicKey: string;
}


/**
 * Reads the body of `PUT /user`. Unknown keys are ignored (clients send the whole user back);
 * every known field given must have the right type and value, else a 422 names each bad field
 * and nothing is changed.
 */
export function parseUserPatch(body: Record<string, unknown>): UserPatch {
  const problems: FieldProblem[] = [];
  const patch: UserPatch = {};
  const text = (field: 'name' | 'location', value: unknown, nonBlank: boolean): void => {
    const problem = textProblem(value, { nonBlank });
    if (problem) problems.push({ field, message: problem });
    else patch[field] = value as string;
  };
  if (body.name !== undefined) text('name', body.name, true);
  if (body.location !== undefined) text('location', body.location, false);
  if (body.email !== undefined) {
    if (typeof body.email !== 'string') problems.push({ field: 'email', message: 'must be a string' });
    else if (!isEmailAddress(body.email)) problems.push({ field: 'email', message: 'must be a valid email address' });
    else patch.email = body.email;
  }
  if (body.time_zone !== undefined) {
    if (typeof body.time_zone !== 'string') problems.push({ field: 'time_zone', message: 'must be a string' });
    else if (!isTimeZone(body.time_zone)) problems.push({ field: 'time_zone', message: 'must be an IANA time zone name such as Europe/Lisbon or UTC' });
    else patch.time_zone = body.time_zone;
  }
  if (body.notification_settings !== undefined) {
    const value = body.notification_settings;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) problems.push({ field: 'notification_settings', message: 'must be a JSON object' });
    else patch.notification_settings = { ...(value as Record<string, unknown>) };
  }
  // The real docs' other profile fields (sections/update-authenticated-user.md).
  if (body.gravatar_email !== undefined) {
    const value = body.gravatar_email;
    if (value !== null && typeof value !== 'string') problems.push({ field: 'gravatar_email', message: 'must be a string or null' });
    else if (value !== null && !isEmailAddress(value)) problems.push({ field: 'gravatar_email', message: 'must be a valid email address' });
    else patch.gravatar_email = value;
  }
  if (body.receive_newsletter !== undefined) {
    if (typeof body.receive_newsletter !== 'boolean') problems.push({ field: 'receive_newsletter', message: 'must be true or false' });
    else patch.receive_newsletter = body.receive_newsletter;
  }
  if (problems.length) throw invalidFields(problems);
  return patch;
}

/** Reads the body of `POST /user/keys`; the key line itself is checked by the model. */
export function parseSshKeyInput(body: Record<string, unknown>): SshKeyInput {
  const problems: FieldProblem[] = [];
  let name: string | null = null;
  // The real service uses the key's comment when the name is "left blank".
  if (body.name !== undefined && body.name !== null) {
    if (typeof body.name !== 'string') problems.push({ field: 'name', message: 'must be a string' });
    else if (body.name.length > MAX_TEXT) problems.push({ field: 'name', message: `must be at most ${MAX_TEXT} characters` });
    else if (body.name.trim() !== '') name = body.name;
  }
  let publicKey = '';
  if (body.public_key === undefined || body.public_key === null) problems.push({ field: 'public_key', message: 'is required' });
  else if (typeof body.public_key !== 'string') problems.push({ field: 'public_key', message: 'must be a string' });
  else publicKey = body.public_key;
  if (problems.length) throw invalidFields(problems);
  return { name, publicKey };
}
