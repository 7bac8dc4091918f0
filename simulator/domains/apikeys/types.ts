/** An interface A (pipeline interface) API key. The full value is never stored. */
export interface PipelineApiKey {
  id: number;
  name: string;
  /** SHA-256 hex of the full key; the store's lookup index uses it too. */
  digest: string;
  /** The first characters of the key (prefix plus a few), safe to show in listings. */
  preview: string;
  admin: boolean;
  /** Epoch ms, or null for a key that never expires. */
  expiresAt: number | null;
  /** Epoch ms of revocation; a revoked key never authenticates again. */
  revokedAt: number | null;
  createdAt: number;
  lastUsedAt: number | null;
  /**
   * The full key, kept only for keys created while one of the faults that leak it is on
   * (`a-key-readable-after-create`, `a-revoke-answer-shows-key`, `a-key-double-submit-same-value`,
   * `a-expired-key-record-shows-value` for keys with an expiry):
   * the fault needs something to leak, and without them nothing ever holds the value.
   */
  leakedValue?: string;
}

/** Derived on read from the timestamps: `active` keys authenticate, the others never do. */
export type PipelineKeyStatus = 'active' | 'revoked' | 'expired';

/** A validated `POST /api-keys` body. */
export interface NewPipelineKey {
  name: string;
  admin: boolean;
  /** ISO 8601 date-time in the future, or null for a key that never expires. */
  expiresAt: string | null;
}
