import type { Sim } from '../../context.ts';
import { sha256Hex } from '../../store.ts';
import type { MemberRole, User } from './types.ts';

/** What differs between the users a seed makes and the members `POST /members` invites. */
export interface NewUser {
  name: string;
  email: string;
  apiKey: string;
  role: MemberRole;
  time_zone?: string;
  location?: string;
  /** When the user confirmed its address; null: invited, not yet confirmed. */
  confirmedAt: number | null;
  lastLogin: number | null;
}

/** The real service shows a Gravatar: an address's picture, so the same for the same address. */
export function avatarUrlFor(email: string): string {
  return `https://avatars.example.invalid/${sha256Hex(email.trim().toLowerCase()).slice(0, 32)}`;
}

/** A user record, made now with the next user id; the caller files it in an account and indexes its key. */
export function newUserRecord(sim: Sim, u: NewUser): User {
  const now = sim.clock.now();
  return {
    id: sim.store.nextId('user'),
    name: u.name,
    email: u.email,
    avatar_url: avatarUrlFor(u.email),
    apiKey: u.apiKey,
    time_zone: u.time_zone ?? 'UTC',
    location: u.location ?? '',
    confirmed: u.confirmedAt !== null,
    confirmedAt: u.confirmedAt,
    notification_settings: { job_completed: true, job_failed: true, cluster_events: false },
    createdAt: now,
    updatedAt: now,
    lastLogin: u.lastLogin,
    role: u.role,
  };
}
