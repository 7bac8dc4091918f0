export type HookType = 'web' | 'email' | 'slack' | 'pagerduty' | 'hipchat';

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
