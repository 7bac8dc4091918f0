export type HookType = 'web' | 'email' | 'slack' | 'pagerduty' | 'hipchat';

/** Types a hook may be created with; `hipchat` is retired in the real service and refused. */
export type LiveHookType = Exclude<HookType, 'hipchat'>;

export const LIVE_HOOK_TYPES: readonly LiveHookType[] = ['web', 'email', 'slack', 'pagerduty'];

export interface Hook {
  id: number;
  type: HookType;
  name: string;
  active: boolean;
  settings: Record<string, unknown>;
  events: string[];
  /** Signing salt: 64 lowercase hex characters (secret). */
  salt: string;
  createdAt: number;
  updatedAt: number;
}
