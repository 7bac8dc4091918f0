export interface User {
  id: number;
  name: string;
  email: string;
  avatar_url: string;
  /** Interface B key (secret). Indexed by its SHA-256 in the store for lookup. */
  apiKey: string;
  time_zone: string;
  location: string;
  confirmed: boolean;
  confirmedAt: number | null;
  notification_settings: Record<string, unknown>;
  createdAt: number;
  updatedAt: number;
  lastLogin: number | null;
  /** The address whose Gravatar is the user's picture (`PUT /user`, the real docs'); absent: the user's email. */
  gravatarEmail?: string;
  /** Whether the user gets the newsletter (`PUT /user`, the real docs'); absent: false. */
  receiveNewsletter?: boolean;
  /**
   * The user's role in the account (members/model.ts); absent in a state saved before roles were
   * kept: the owner is an admin, everyone else a member.
   */
  role?: MemberRole;
  /**
   * When the user was removed from the account's members (`DELETE /members/{id}`), or absent or
   * null while a member. The real service keeps the user, only the membership ends: the record
   * stays (jobs still name their creator, adding the address again brings the same user back),
   * and its key stops authenticating.
   */
  removedAt?: number | null;
  /** The product updates the user liked (domains/product-updates), each once; absent: none. */
  likedProductUpdates?: number[];
}

/** The real service's member roles (its API docs: `admin` or `member`; the owner is an admin). */
export const MEMBER_ROLES = ['admin', 'member'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export interface SshKey {
  id: number;
  userId: number;
  name: string;
  fingerprint: string;
  comment: string;
  /** Algorithm from the key line, e.g. `ssh-ed25519`. */
  algorithm: string;
  createdAt: number;
  updatedAt: number;
}
