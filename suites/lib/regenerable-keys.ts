import type { CheckContext } from './types.ts';
import { is2xx } from './answers.ts';
import { permitted } from './permissions.ts';

/** An interface B key of account 1 that the target document allows the run to regenerate: which field of the document gave it, and its value. */
export interface RegenerableKey {
  field: 'api_key' | 'member_api_key';
  configured: string;
}

/**
 * The keys of account 1 the run may regenerate (`POST /user/tokens` kills the key it replaces):
 * `api_key` with `rotate_api_key`, `member_api_key` (where given) with `rotate_member_api_key`, in
 * that order.
 */
export function regenerableKeys(t: Pick<CheckContext, 'target'>): RegenerableKey[] {
  const account = t.target.b[0];
  if (!account) return [];
  const keys: RegenerableKey[] = [];
  if (permitted(t, 'rotate_api_key')) keys.push({ field: 'api_key', configured: account.apiKey });
  if (account.memberApiKey !== undefined && permitted(t, 'rotate_member_api_key')) keys.push({ field: 'member_api_key', configured: account.memberApiKey });
  return keys;
}

/**
 * Has the check's cleanup give `key`'s user its configured key back through the simulator's
 * control API, once `POST /user/tokens` has replaced it (`current()`: the key live at cleanup
 * time): every later check, and a later run, reads the configured key. Nothing where the key was
 * never replaced, or where the configured key still works (a deployment that did not retire it).
 */
export function giveKeyBackOnCleanup(t: CheckContext, key: RegenerableKey, controlUrl: string, current: () => string): void {
  const account = t.target.b[0];
  if (!account) return;
  t.cleanup(`give ${key.field}'s user its configured key back (simulator control API)`, async () => {
    const live = current();
    if (live === key.configured) return;
    if (is2xx(await t.bWithKey(key.configured).get('/connections/types'))) return;
    const ex = await t.http.request('POST', `${controlUrl}/accounts/${encodeURIComponent(account.accountId)}/user-keys/replace`, { body: { current: live, replacement: key.configured } });
    if (ex.response.status !== 200) throw new Error(`the control API answered ${ex.response.status}`);
  });
}
