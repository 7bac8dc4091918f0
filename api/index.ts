/**
 * disco's programmatic API: the simulator in-process for client test suites, and a typed client
 * of any running simulator's control API. The command line (`disco serve`, `disco check`) is
 * built on the same modules.
 */
export { startSimulator, type StartOptions, type RunningSimulator } from './simulator.ts';
export { controlClient, ControlError, type ControlClient, type JournalQuery, type ClockState } from './control-client.ts';
export type { JournalEntry } from '../simulator/journal/journal.ts';
export type { ChaosRuleInput, ChaosRuleView, ChaosFault } from '../simulator/chaos/rules.ts';
export type { AccountManifest, SeedAccount, SeedDocument } from '../simulator/control/seed.ts';
export type { MintedPipelineKey } from '../simulator/domains/apikeys/mint.ts';
export type { AccountSnapshot, AccountSummary, ControlTargetDescription, Limits, StateDocument, WebhookDeliveryAttempt } from './control-answers.ts';
export type { TargetDocument } from '../suites/lib/target-types.ts';
