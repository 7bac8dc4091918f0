import type { Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import { ApiError } from '../../http/errors.ts';
import { bearerToken, type SchemeCase } from '../../http/credentials.ts';
import { sha256Hex } from '../../store.ts';
import type { PipelineApiKey } from './types.ts';

/**
 * The fault `a-deny-list-one-key-per-account`: the edge's deny list, one revoked key per account
 * (the last one). Written only while the fault is on (model.ts revokeKey).
 */
export const denyListed = new WeakMap<AccountState, PipelineApiKey>();

/**
 * The faults `a-past-expiry-never-enforced` and `a-key-expiry-fraction-unparsed`: keys the gate's
 * cache holds without a TTL (no expiry): made with an expiry already past, or with one written with
 * a fraction of a second. Written only while a fault is on (routes.ts).
 */
export const cachedWithoutTtl = new WeakSet<PipelineApiKey>();

/**
 * Keys made through key management (POST /api-keys), as against the configured (seeded) ones.
 * Written only while the fault `a-made-key-any-prefix` is on (routes.ts), the only one that asks.
 */
export const madeThroughKeyManagement = new WeakSet<PipelineApiKey>();

/** How long the fault `a-revoked-key-grace` lets a revoked key keep working. */
export const REVOKED_KEY_GRACE_MS = 60_000;

/**
 * Authenticates an interface A request from its `Authorization` header (A-AUTH-1..7):
 * `Bearer <key>` only (exactly one token; the scheme in any letter case, or only as written
 * under the conventions' `schemeCase`); the key must carry `<prefix>_` (checked before any
 * lookup); it is found by digest, and must be neither revoked
 * nor expired at the simulator's now. Success records `lastUsedAt`. `ignoreRevocation`,
 * `ignoreExpiry` and `addMissingPrefix` are only ever set by faults (`a-revoked-key-reads`,
 * `a-revoked-key-manages-keys`, `a-expired-key-manages-keys`,
 * `a-unprefixed-key-on-pipeline-reads`, interfaces/a/gate.ts).
 */
export function authenticatePipelineKey(sim: Sim, authorization: string | undefined, options: { ignoreRevocation?: boolean; ignoreExpiry?: boolean; addMissingPrefix?: boolean } = {}): { account: AccountState; key: PipelineApiKey } {
  const now = sim.clock.now();
  // a-doubled-bearer-scheme-forgiven: "clients configured with the token as 'Bearer fdk_...' send the scheme twice".
  if (authorization && sim.faults.has('a-doubled-bearer-scheme-forgiven')) authorization = authorization.replace(/^(bearer[ ]+)+/i, 'Bearer ');
  // a-bearer-value-trimmed: "keys pasted from a web page or a PDF carry blanks": everything after the scheme, trim()med (which strips U+00A0 too).
  const read = sim.faults.has('a-bearer-value-trimmed') ? trimmedBearerValue(authorization, sim.conventions.schemeCase) : bearerToken(authorization, sim.conventions.schemeCase);
  // a-bearer-percent-decoded: "keys copied out of a dashboard URL arrive percent-encoded": decoded before the prefix test.
  const token = sim.faults.has('a-bearer-percent-decoded') ? percentDecoded(read) : read;
  const bearer = sim.faults.has('a-bearer-colon-suffix-ignored') ? beforeColon(token) : token;
  // a-bearer-nfkc-normalised: "keys pasted from rich text carry compatibility characters: compared in NFKC".
  const normalised = sim.faults.has('a-bearer-nfkc-normalised') && bearer !== null ? bearer.normalize('NFKC') : bearer;
  // a-basic-scheme-accepted takes base64(key:); a-basic-key-as-password takes a named user's password (Mailgun-style api:<key>).
  // a-nonadmin-key-basic-accepted takes base64(key:) for read-only keys (CI tools and BI connectors that only do Basic).
  const presented = normalised ?? (sim.faults.has('a-basic-scheme-accepted') ? basicToken(authorization) : null) ?? (sim.faults.has('a-basic-key-as-password') ? basicPassword(authorization) : null) ?? (sim.faults.has('a-nonadmin-key-basic-accepted') ? nonAdminBasicToken(sim, authorization) : null);
  // a-bearer-trailing-punctuation-trimmed: "keys pasted from an email carry the sentence's punctuation".
  const pasted = presented !== null && sim.faults.has('a-bearer-trailing-punctuation-trimmed') ? presented.replace(/[.,;!?'"`)\]>=]+$/, '') : presented;
  // a-made-key-bare-secret-authenticates, a-made-nonadmin-key-bare-secret: an unprefixed value is looked up too (the key create indexed made keys' bare secrets, routes.ts).
  const bareLookedUp = sim.faults.has('a-made-key-bare-secret-authenticates') || sim.faults.has('a-made-nonadmin-key-bare-secret');
  const candidate = pasted === null ? null : (prefixed(sim, pasted, options.addMissingPrefix === true) ?? (bareLookedUp ? pasted : null));
  // a-made-key-any-prefix: "key service v2" splits `<prefix>_<secret>` and looks the secret up,
  // asking only that some prefix is there, never which (the prefix is only written at minting).
  if (candidate === null && pasted !== null && sim.faults.has('a-made-key-any-prefix')) {
    const secret = /^[A-Za-z0-9]+_(.+)$/.exec(pasted)?.[1];
    const made = secret === undefined ? null : sim.store.findPipelineKey(`${sim.options.pipelineKeyPrefix}_${secret}`);
    if (made && madeThroughKeyManagement.has(made.key) && usable(sim, made.key, now, false, false)) {
      made.key.lastUsedAt = now;
      return made;
    }
  }
  if (candidate === null && presented !== null && sim.faults.has('a-user-key-authenticates-a')) {
    const stand = userKeyStandIn(sim, presented, now);
    if (stand) return stand;
  }
  // a-key-lookup-case-insensitive: the key column's collation ignores letter case.
  const found = candidate === null ? null : (sim.store.findPipelineKey(candidate) ?? (sim.faults.has('a-key-lookalike-characters-fold') ? lookAlikeMatch(sim, candidate) : null) ?? (sim.faults.has('a-key-lookup-case-insensitive') ? caseFoldedMatch(sim, candidate) : null));
  // a-revocations-first-account-only: the gate's revocation list is synced from the first account only.
  const unlisted = found !== null && sim.faults.has('a-revocations-first-account-only') && found.account !== sim.store.firstAccount();
  // a-deny-list-one-key-per-account: the deny list holds the account's last revoked key only.
  const displaced = found !== null && sim.faults.has('a-deny-list-one-key-per-account') && found.key.revokedAt !== null && denyListed.get(found.account) !== found.key;
  // a-key-expiry-first-account-only: the gate's expiry table is synced from the first account only.
  const unexpiring = sim.faults.has('a-key-expiry-first-account-only') && found !== null && found.account !== sim.store.firstAccount();
  if (!found || !usable(sim, found.key, now, options.ignoreRevocation === true || unlisted || displaced, options.ignoreExpiry === true || unexpiring)) {
    // a-lapsed-key-401-names-key: "say which key lapsed, for support tickets": a key found but
    // expired or revoked is named in the refusal as it was presented (the whole value).
    if (found && candidate !== null && sim.faults.has('a-lapsed-key-401-names-key')) throw lapsedRefusal(found.key, candidate, now);
    throw refusal(sim, authorization);
  }
  found.key.lastUsedAt = now;
  // a-key-usage-by-name-every-account: usage is tracked per key label (the dashboard's usage chart groups by name), in every account.
  if (sim.faults.has('a-key-usage-by-name-every-account')) for (const account of sim.store.accounts.values()) for (const k of account.pipelineKeys.values()) if (k.name === found.key.name) k.lastUsedAt = now;
  return found;
}

/**
 * Whether `authorization` names a key that exists but was revoked or has expired. Only the fault
 * `a-lapsed-key-401-message` asks (interfaces/a/router.ts): a deployment whose key-lifecycle
 * refusal is written apart from the others.
 */
export function namesLapsedKey(sim: Sim, authorization: string | undefined): boolean {
  const token = bearerToken(authorization, sim.conventions.schemeCase);
  const found = token === null ? null : sim.store.findPipelineKey(token);
  if (!found) return false;
  return found.key.revokedAt !== null || (found.key.expiresAt !== null && found.key.expiresAt <= sim.clock.now());
}

/**
 * The id of the key `authorization` names (revoked or expired too), or undefined. Only the fault
 * `a-expired-key-revokes-itself` asks (interfaces/a/gate.ts): a revocation of the key presented.
 */
export function presentedKeyId(sim: Sim, authorization: string | undefined): number | undefined {
  const token = bearerToken(authorization, sim.conventions.schemeCase);
  return (token === null ? null : sim.store.findPipelineKey(token))?.key.id;
}

/**
 * The fault `a-user-key-authenticates-a`: "one login for the whole service", an account user's
 * interface B API key (no prefix) also opens interface A, acting with the account's first usable
 * admin pipeline key. Without the fault an unprefixed value never reaches any lookup.
 */
function userKeyStandIn(sim: Sim, presented: string, now: number): { account: AccountState; key: PipelineApiKey } | null {
  const user = sim.store.findUserKey(presented, now);
  const key = user ? [...user.account.pipelineKeys.values()].find((k) => k.admin && usable(sim, k, now, false, false)) : undefined;
  return user && key ? { account: user.account, key } : null;
}

/**
 * The fault `a-bearer-value-trimmed`'s reading of `Bearer <key>`: everything after the scheme and
 * its spaces, String.prototype.trim()med, which also strips U+00A0 (the header byte 0xA0 as Node
 * reads it, Latin-1) and the other Unicode blanks.
 */
function trimmedBearerValue(header: string | undefined, schemeCase: SchemeCase): string | null {
  if (!header || (schemeCase === 'as-written' && !header.startsWith('Bearer'))) return null;
  const value = /^bearer[ ]+(.+)$/i.exec(header)?.[1]?.trim();
  return value ? value : null;
}

/** A-AUTH-2: a value without the prefix never reaches the lookup. */
function prefixed(sim: Sim, token: string, addMissingPrefix: boolean): string | null {
  const prefix = `${sim.options.pipelineKeyPrefix}_`;
  if (token.startsWith(prefix)) return token;
  // The fault: the prefix compared case-insensitively, and normalised for the lookup.
  if (sim.faults.has('a-key-prefix-case-insensitive') && token.slice(0, prefix.length).toLowerCase() === prefix.toLowerCase()) return prefix + token.slice(prefix.length);
  // The fault: legacy keys issued as `<prefix>-<secret>`, the dash read as the `_`.
  if (sim.faults.has('a-key-legacy-dash-separator') && token.startsWith(`${sim.options.pipelineKeyPrefix}-`)) return prefix + token.slice(prefix.length);
  return addMissingPrefix || sim.faults.has('a-unprefixed-key-accepted') ? prefix + token : null;
}

function usable(sim: Sim, key: PipelineApiKey, now: number, ignoreRevocation: boolean, ignoreExpiry: boolean): boolean {
  if (!key.admin && sim.faults.has('a-non-admin-key-refused')) return false;
  // The fault: keys with an expiry are served from a TTL cache that knows only the expiry.
  const revocationCached = sim.faults.has('a-expiring-key-revocation-unchecked') && key.expiresAt !== null;
  if (key.revokedAt !== null && !ignoreRevocation && !revocationCached) {
    const inGrace = sim.faults.has('a-revoked-key-grace') && now < key.revokedAt + REVOKED_KEY_GRACE_MS;
    if (!inGrace) return false;
  }
  const expiresAt = sim.faults.has('a-key-expiry-ttl-wraps') ? wrappedExpiry(key) : cachedWithoutTtl.has(key) ? null : key.expiresAt;
  if (expiresAt !== null && expiresAt <= now && !ignoreExpiry && !sim.faults.has('a-expired-key-accepted')) return false;
  return true;
}

/**
 * The fault `a-key-expiry-ttl-wraps`: a session store that keeps the expiry as a TTL from the
 * key's creation in a signed 32-bit millisecond field. Past 2^31 ms the TTL wraps negative and
 * the store treats it as "no expiry"; past 2^32 ms it wraps to a short positive one.
 */
function wrappedExpiry(key: PipelineApiKey): number | null {
  if (key.expiresAt === null) return null;
  const ttl = (key.expiresAt - key.createdAt) | 0;
  return ttl > 0 ? key.createdAt + ttl : null;
}

function refusal(sim: Sim, authorization: string | undefined): ApiError {
  if (authorization && sim.faults.has('a-invalid-key-403')) return new ApiError('forbidden', { message: 'Forbidden: the API key is not valid.' });
  return new ApiError('unauthorized', {
    message: 'Unauthorized: send a valid API key as Authorization: Bearer <key>.',
    headers: { 'WWW-Authenticate': 'Bearer' },
  });
}

/** The fault `a-lapsed-key-401-names-key`'s refusal: the usual 401, its message naming the key presented. */
function lapsedRefusal(key: PipelineApiKey, presented: string, now: number): ApiError {
  const why = key.revokedAt !== null ? 'was revoked' : key.expiresAt !== null && key.expiresAt <= now ? `expired at ${new Date(key.expiresAt).toISOString()}` : 'is not usable';
  return new ApiError('unauthorized', {
    message: `Unauthorized: the API key ${presented} ${why}; create a new one.`,
    headers: { 'WWW-Authenticate': 'Bearer' },
  });
}

/** The key as the faulty Basic reading takes it: `base64(key:)` or `base64(key)`. */
function basicToken(authorization: string | undefined): string | null {
  const match = /^basic[ ]+([A-Za-z0-9+/=]+)$/i.exec(authorization ?? '');
  if (!match?.[1]) return null;
  const text = Buffer.from(match[1], 'base64').toString('utf8');
  const key = text.endsWith(':') ? text.slice(0, -1) : text;
  return key === '' ? null : key;
}

/**
 * The fault `a-basic-key-as-password`: `Basic base64(user:password)` with a non-empty user read as
 * the key in the password (HTTP clients that only do Basic send `api:<key>`); an empty user or
 * password gives nothing.
 */
function basicPassword(authorization: string | undefined): string | null {
  const match = /^basic[ ]+([A-Za-z0-9+/=]+)$/i.exec(authorization ?? '');
  if (!match?.[1]) return null;
  const text = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon <= 0) return null;
  const password = text.slice(colon + 1);
  return password === '' ? null : password;
}

/** The fault `a-bearer-percent-decoded`: the Bearer value percent-decoded (left as it is where it is no valid encoding). */
function percentDecoded(token: string | null): string | null {
  if (token === null) return null;
  try {
    return decodeURIComponent(token);
  } catch {
    return token;
  }
}

/** The fault `a-bearer-colon-suffix-ignored`: an older SDK's `id:secret` token, read as its part before the first `:`. */
function beforeColon(token: string | null): string | null {
  return token?.split(':')[0] || null;
}

/** Look-alike characters a person reading a key out may type for one another. */
const LOOK_ALIKES: readonly string[] = ['Oo0', 'IilL1'];

/**
 * The fault `a-key-lookalike-characters-fold`: a key that names no key is looked up again with
 * each look-alike character after the prefix replaced, one at a time, by each of its twins, as a
 * lookup that forgives a key read out and typed by a person would. Only a missed lookup with the
 * fault on gets here.
 */
function lookAlikeMatch(sim: Sim, candidate: string): { account: AccountState; key: PipelineApiKey } | null {
  const from = sim.options.pipelineKeyPrefix.length + 1;
  for (let i = from; i < candidate.length; i++) {
    const twins = LOOK_ALIKES.find((set) => set.includes(candidate[i] ?? ''));
    if (twins === undefined) continue;
    for (const twin of twins) {
      if (twin === candidate[i]) continue;
      const found = sim.store.findPipelineKey(`${candidate.slice(0, i)}${twin}${candidate.slice(i + 1)}`);
      if (found) return found;
    }
  }
  return null;
}

/**
 * The fault `a-key-lookup-case-insensitive`'s index: each key's digest of its value lower-cased,
 * what a case-insensitive collation compares (written at the mint while the fault is on, mint.ts).
 */
export const caseFoldedKeys = new WeakMap<object, Map<string, { slug: string; id: number }>>(); // the store -> folded digest to key

/** The fault `a-key-lookup-case-insensitive`: the key whose value equals `candidate` but for letter case. */
function caseFoldedMatch(sim: Sim, candidate: string): { account: AccountState; key: PipelineApiKey } | null {
  const owner = caseFoldedKeys.get(sim.store)?.get(sha256Hex(candidate.toLowerCase()));
  const account = owner ? sim.store.accounts.get(owner.slug) : undefined;
  const key = owner ? account?.pipelineKeys.get(owner.id) : undefined;
  return account && key ? { account, key } : null;
}

/** The fault `a-nonadmin-key-basic-accepted`: `Basic base64(<key>:)` taken where the key it names is a non-admin one. */
function nonAdminBasicToken(sim: Sim, authorization: string | undefined): string | null {
  const key = basicToken(authorization);
  return key !== null && sim.store.findPipelineKey(key)?.key.admin === false ? key : null;
}
