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
}

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
