import { describe } from 'vitest';
import { CLAUSES } from '../suites/clauses.ts';
import { FAULT_NAMES, faultCatalog, type FaultName } from '../simulator/faults.ts';
import { describeChecks, runSuitesAgainstSimulator } from './support/run-suites.ts';
import { PROOF, TIMED_CLAUSES, proofTest, runCatching } from './fault-proofs/prove.ts';

/*
 * The suites against a deployment that shares none of the simulator's free choices: the
 * simulator under its alt conventions (simulator/conventions.ts, docs/conventions.md), described
 * by its own target document, checked in the spec profile and without the control API, as any
 * real deployment is. Every must clause must be verified there, not only passed (whole runs:
 * report-consistency.test.ts's certified alt run at a fixed seed, spec-neutral-gateway.test.ts's
 * at a fresh one, on split origins), and the faults must still be caught, naming their
 * clause (here).
 */

const MUST = CLAUSES.filter((c) => c.kind === 'must').map((c) => c.id);

/**
 * Faults whose clause the spec profile reads more loosely than the simulator profile: under any
 * conventions but the simulator's own, they break no must clause, so no check may fail for them.
 */
export const SIMULATOR_PROFILE_ONLY: Partial<Record<FaultName, string>> = {
  'a-optional-fields-coerced':
    'the definition schema is outside the spec (A-GAP-1): whether "5439" is the wrong shape for a port depends on a schema that may take numeric strings (a YAML-friendly one), so only the simulator profile, which holds a target to the documented schema, sends values a server could coerce and fails their acceptance',
  'a-table-objects-read-as-names':
    'the definition schema is outside the spec (A-GAP-1): a deployment\'s may take a table as a {schema, name} object beside the "schema.name" string (an older export\'s form), so a-err/wrong-shape-422 notes a 2xx for it outside the simulator profile, which holds a target to the documented schema (source.tables an array of strings)',
  'b-foreign-resource-403':
    "interface B has no enumeration clause (A-ENUM-1 is interface A's): a 403 for another account's id gives no access to it (B-AUTH-3) and shows none of its data (X-ISO-1); that it differs from an absent id's answer is noted, and is a failure only in the simulator profile, where foreign ids must answer exactly like absent ones",
  'a-key-body-keys-case-folded':
    'key management is outside the spec (A-GAP-4), so the key body is the deployment\'s: a binder that matches member names case-blind (ASP.NET Core\'s default) knows "NAME" as "name", and a-err/wrong-shape-422 notes a 2xx for it outside the simulator profile, which holds a target to the documented key body',
  'a-key-expiry-unix-timestamp':
    'key management is outside the spec (A-GAP-4), so the key body is the deployment\'s: one may document expires_at as a Unix timestamp (or take either form), and a-err/wrong-shape-422 notes a 2xx for a numeric expires_at outside the simulator profile, which holds a target to the documented key body (a date-time string or null)',
  'a-key-admin-null-as-absent':
    'key management is outside the spec (A-GAP-4), so the key body is the deployment\'s: one may take null for an optional member left unset (a nullable admin flag), and a-err/wrong-shape-422 notes a 2xx for "admin": null outside the simulator profile, which holds a target to the documented key body (admin a boolean)',
  'a-bigquery-settings-rules-deferred':
    "the definition schema is outside the spec (A-GAP-1): whether a bigquery destination's settings value is invalid depends on a schema a deployment may draw otherwise (it may check such settings when it deploys), so only the simulator profile, which holds a target to the documented schema, breaks one settings value of every destination type (a-err/invalid-definition-400's sweep) and fails a 2xx to it; elsewhere a 2xx is the target's schema, noted",
  'b-ssh-key-sk-ecdsa-refused':
    'the spec says only "SSH public key", not which types: a deployment may refuse security (FIDO) keys with a 4xx, and b-user/ssh-key notes that outside the simulator profile; only the simulator profile holds a target to the real service\'s list of types (docs/interface-b.md), which takes sk-ecdsa-sha2-nistp256@openssh.com keys',
};

/**
 * Faults only a check on the control API's clock can show: without it (as on the alt conventions)
 * nothing fails for them, and the run says which check was skipped for want of the clock.
 */
export const CONTROL_CLOCK_ONLY: Partial<Record<FaultName, string>> = {
  'b-job-ended-archived-after-a-day':
    "a job shows the wrong status only a day after its end, and the run's jobs are all made by the checks (no seeded job is that old): only the control API's clock ages one, so b-job/ended-long-ago needs it and is skipped without it",
  'b-mark-old-notification-404':
    "a notification is refused by the mark only once it is over a week old, and the run's notifications are all made minutes before they are marked: only the control API's clock ages one, so b-ntf/mark-aged needs it and is skipped without it",
  'b-delivery-resurrected-after-init':
    'a delivery deleted while it initializes comes back only minutes later, when its initialization ends; and a fresh delivery is made only where the control API shows the target is the simulator (POST /deliveries moves data on a real deployment), so b-dlv/fresh-delete-stays-deleted needs the clock and is skipped without it',
  'b-job-aborted-on-terminated-cluster':
    "a job reads the wrong status only once its cluster is terminated under it, and terminating a cluster costs a real deployment machines (the spec lists neither POST nor DELETE /clusters): a cluster is made and terminated only where the control API shows the target is the simulator, so b-job/lifecycle-clock, which needs it, is skipped without it",
  'b-job-cancelled-when-package-archived':
    "a job reads the wrong status only once its package is archived under it, and a package made on a real deployment can only be archived, never removed (the spec lists neither POST nor DELETE /packages): a package is made and archived under a job only where the control API shows the target is the simulator, so b-job/lifecycle-clock, which needs it, is skipped without it (b-job/lifecycle-poll notes the job not seen)",
  'b-archived-package-job-package-null':
    "a job shows `package: null` only once its package is archived under it, and a package made on a real deployment can only be archived, never removed (the spec lists neither POST nor DELETE /packages): a package is made and archived under a job only where the control API shows the target is the simulator, so b-job/lifecycle-clock, which needs it, is skipped without it",
  'b-package-detail-stale-after-update':
    "a package's read goes stale only after the package is changed (PUT /packages/{id}, an extension), and a package changed on a real deployment keeps a revision, and one made can only be archived (the spec lists neither PUT nor POST /packages): a package is made, changed and archived only where the control API shows the target is the simulator, so b-pkg/read-after-change, which needs it, is skipped without it",
  'b-scheduled-job-creator-id-token':
    "only a job a schedule started shows the wrong creator id, and an enabled schedule starts a real job at a real time: one is made only where the control API moves the clock past its start, so b-schema/scheduled-job needs it and is skipped without it (b-schema/written-resources notes the job not seen)",
  'b-scheduled-run-notifies-schedule-owner-only':
    "only a job a schedule started fails to notify its watchers, and an enabled schedule starts a real job at a real time: one is made only where the control API moves the clock to its start, so b-job/watch-scheduled-run needs it and is skipped without it (b-job/watch watches jobs POST /jobs made)",
  'b-replaced-key-denied-for-an-hour':
    "a replaced key authenticates again only an hour after its regeneration, when its deny-list entry expires, and real time cannot wait that long (b-auth/regenerated-key-replaces-old judges the replaced key minutes after): only the control API's clock carries it past, so b-auth/replaced-key-refused-days-later needs it and is skipped without it",
  'a-lease-renewed-delete-keeps-running':
    "a deployed pipeline is archived still running only once it has been deployed 12 hours, and real time cannot wait that long (the run's pipelines are all started by the checks, minutes before their DELETE): only the control API's clock ages one, so a-pipe/delete-after-sync needs it and is skipped without it",
  'a-archive-drops-week-old-last-sync':
    "an archive drops a pipeline's last sync only once it is over a week old, and the run's pipelines all sync and stop minutes before their DELETE: only the control API's clock ages a sync that far, so a-pipe/delete-not-deployed-after-sync needs it and is skipped without it",
  'a-key-expiry-ttl-wraps':
    "a key's expiry goes wrong only for lifetimes past about 24.8 days (2^31 ms), and real time cannot wait that long (a-keys/expiry-in-real-time lets its key live 3 s): only the control API's clock carries a key that far, so a-keys/expired-key-refused needs it and is skipped without it",
};

describe('the alt conventions: another deployment, described by its target document', () => {
  // Side by side where they may (fault-proofs/prove.ts), the timing oracle's faults last, alone.
  const provable = FAULT_NAMES.filter((f) => MUST.includes(faultCatalog[f].clause) && !(f in SIMULATOR_PROFILE_ONLY) && !(f in CONTROL_CLOCK_ONLY)).sort(
    (x, y) => Number(TIMED_CLAUSES.includes(faultCatalog[x].clause)) - Number(TIMED_CLAUSES.includes(faultCatalog[y].clause)),
  );
  for (const fault of provable) {
    const { clause } = faultCatalog[fault];
    // A job that stays idle is given the real-time window the target document gives its jobs to
    // start (the simulator's description: 5 s; a deployment's default: 60 s, this test's timeout).
    proofTest(clause)(`${fault} is caught, naming ${clause}`, async ({ expect }) => {
      // First only the checks that catch it in the standard conventions (runCatching): running
      // every check of the clause for each of its faults took most of this file's time.
      const run = await runCatching(fault, { conventions: 'alt', ...PROOF });
      expect([...run.failedClauses], describeChecks(run.checks)).toContain(clause);
    });
  }

  for (const [fault, reason] of Object.entries(CONTROL_CLOCK_ONLY)) {
    const { clause } = faultCatalog[fault as FaultName];
    proofTest(clause)(`${fault} is not seen without the control API's clock (${reason.slice(0, 60)}...): nothing fails, and the clock's check says it was skipped`, async ({ expect }) => {
      const run = await runSuitesAgainstSimulator({ conventions: 'alt', faults: [fault as FaultName], only: [clause], ...PROOF });
      const failed = run.checks.filter((c) => c.verdict === 'fail' || c.verdict === 'error');
      expect(failed, describeChecks(failed)).toEqual([]);
      expect(run.checks.filter((c) => c.verdict === 'skip' && c.accelerator === true).length, describeChecks(run.checks)).toBeGreaterThan(0);
    });
  }

  for (const [fault, reason] of Object.entries(SIMULATOR_PROFILE_ONLY)) {
    const { clause } = faultCatalog[fault as FaultName];
    proofTest(clause)(`${fault} breaks no must clause in the spec profile (${reason.slice(0, 60)}...): nothing fails`, async ({ expect }) => {
      const run = await runSuitesAgainstSimulator({ conventions: 'alt', faults: [fault as FaultName], only: [clause], ...PROOF });
      const failed = run.checks.filter((c) => c.verdict === 'fail' || c.verdict === 'error');
      expect(failed, describeChecks(failed)).toEqual([]);
    });
  }
});
