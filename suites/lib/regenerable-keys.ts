import type { CheckContext } from './types.ts';
import { is2xx } from './answers.ts';
import { permitted } from './permissions.ts';

/** An interface B key the target document allows the run to regenerate: which field of the document gave it, of which account (0: account 1), and its value. */
export interface RegenerableKey {
  field: 'api_key' | 'member_api_key';
  account: 0 | 1;
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
  if (permitted(t, 'rotate_api_key')) keys.push({ field: 'api_key', account: 0, configured: account.apiKey });
  if (account.memberApiKey !== undefined && permitted(t, 'rotate_member_api_key')) keys.push({ field: 'member_api_key', account: 0, configured: account.memberApiKey });
  return keys;
}

/** Account 2's `api_key`, where the target document names a second account and allows the run to regenerate it (`rotate_second_api_key`: it kills that key too). */
export function regenerableSecondKey(t: Pick<CheckContext, 'target'>): RegenerableKey | undefined {
  const account = t.target.b[1];
  return account && permitted(t, 'rotate_second_api_key') ? { field: 'api_key', account: 1, configured: account.apiKey } : undefined;
}

/** How messages name the key: `api_key`, `member_api_key`, `api_key of account 2`. */
export function keyName(key: Pick<RegenerableKey, 'field' | 'account'>): string {
  return key.account === 0 ? key.field : `${key.field} of account ${key.account + 1}`;
}

/**
 * Has the check's cleanup give `key`'s user its configured key back through the simulator's
 * control API, once `POST /user/tokens` has replaced it (`current()`: the key live at cleanup
 * time): every later check, and a later run, reads the configured key. Nothing where the key was
 * never replaced, or where the configured key still works (a deployment that did not retire it).
 */
export function giveKeyBackOnCleanup(t: CheckContext, key: RegenerableKey, controlUrl: string, current: () => string): void {
  const account = t.target.b[key.account];
  if (!account) return;
  t.cleanup(`give ${keyName(key)}'s user its configured key back (simulator control API)`, async () => {
    const live = current();
    if (live === key.configured) return;
    if (is2xx(await t.bWithKey(key.configured, key.account).get('/connections/types'))) return;
    const ex = await t.http.request('POST', `${controlUrl}/accounts/${encodeURIComponent(account.accountId)}/user-keys/replace`, { body: { current: live, replacement: key.configured } });
    if (ex.response.status !== 200) throw new Error(`the control API answered ${ex.response.status}`);
  });
}
