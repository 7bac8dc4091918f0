import type { CheckContext, Exchange, InterfaceClient } from '../types.ts';
import { is2xx, isObject, userIn } from '../answers.ts';

/** The fields PUT /user takes (spec §4), as GET /user shows them. */
const USER_FIELDS = ['name', 'email', 'time_zone', 'location', 'notification_settings'] as const;

/** The full PUT /user body for `user` (a GET /user body), optionally with some fields replaced. */
export function userPutBody(user: Record<string, unknown>, changes: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of USER_FIELDS) if (user[field] !== undefined) body[field] = user[field];
  return { ...body, ...changes };
}

/**
 * The one cleanup rule for the user, which a check may only update: put every field back.
 * Reads the user of account 1 (GET /user, an extension) and registers putting every field
 * PUT /user takes back as it was; the restore throws on a non-2xx so a changed user is listed as
 * a leftover. Undefined (nothing registered) when the target does not serve GET /user.
 */
export async function restoreUserAfter(t: Pick<CheckContext, 'b' | 'cleanup'>): Promise<{ exchange: Exchange; user: Record<string, unknown> } | undefined> {
  const exchange = await t.b().get('/user');
  const user = userIn(exchange);
  if (!user) return undefined;
  const body = userPutBody(user);
  t.cleanup('restore the user (PUT /user with its original fields)', async () => {
    const ex = await t.b().put('/user', { body });
    if (!is2xx(ex)) throw new Error(`PUT /user answered ${ex.response.status}`);
  });
  return { exchange, user };
}

/**
 * Zone names a target may take besides the user's own: the spec fixes none. IANA names, then the
 * real service's own (its list of time zones gives Rails' names, which may be all it takes).
 * Zones away from UTC all year come first: a user in one is where a deployment that writes the
 * user's times in the user's zone (B-FMT-1 asks for UTC) shows it; UTC names only last.
 */
const OTHER_ZONES = ['America/New_York', 'Asia/Tokyo', 'Eastern Time (US & Canada)', 'Tokyo', 'Europe/London', 'London', 'UTC', 'Etc/UTC'];

/**
 * A time zone other than `own` that this target takes: the first of `OTHER_ZONES` a PUT /user of
 * `user` with it answers 2xx showing it (the caller puts the user back). `zone` is undefined when
 * none was taken; a refusal is no failure (the spec does not fix the names).
 */
export async function otherTimeZoneTaken(client: InterfaceClient, user: Record<string, unknown>, own: string): Promise<{ zone?: string; tried: string[] }> {
  const tried: string[] = [];
  for (const zone of OTHER_ZONES.filter((z) => z !== own)) {
    tried.push(zone);
    const ex = await client.put('/user', { body: { ...user, time_zone: zone } });
    if (is2xx(ex) && isObject(ex.json) && ex.json.time_zone === zone) return { zone, tried };
  }
  return { tried };
}
