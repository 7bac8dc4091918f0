import type { AAccount, BAccount, ResolvedInterfaceA, ResolvedTarget } from '../../suites/lib/types.ts';
import type { TargetFixtures } from '../../suites/lib/target-types.ts';

/**
 * The embedded simulator's target cut down to what a real target's document provides, so a
 * rehearsal (`disco check --plan`) runs and skips the same checks the real run would: the same
 * interfaces, accounts, keys, fixture kinds, routes the document says are not served,
 * permissions, and a control API only when the real target has one. The values (URLs, keys, ids)
 * stay the simulator's: the rehearsal never sends anything to the real target.
 */
export function rehearsalTarget(simulated: ResolvedTarget, real: ResolvedTarget): ResolvedTarget {
  const b: BAccount[] = real.baseUrl
    ? simulated.b.slice(0, real.b.length).map((account, i) => {
        const { memberApiKey, ...rest } = account;
        // Another user's key only where the real document gives one, as with interface A's keys.
        return { ...rest, ...(real.b[i]?.memberApiKey && memberApiKey ? { memberApiKey } : {}), fixtures: likeFixtures(account.fixtures, real.b[i]?.fixtures ?? {}) };
      })
    : [];
  const a: AAccount[] = real.cdcBaseUrl
    ? simulated.a.slice(0, real.a.length).map((account, i) => {
        const wanted = real.a[i];
        return {
          ...(wanted?.adminKey && account.adminKey ? { adminKey: account.adminKey } : {}),
          ...(wanted?.nonAdminKey && account.nonAdminKey ? { nonAdminKey: account.nonAdminKey } : {}),
          // Interface A and B accounts share their fixtures object; so do they here.
          fixtures: b[i]?.fixtures ?? likeFixtures(account.fixtures, wanted?.fixtures ?? {}),
        };
      })
    : [];
  const { baseUrl: _b, cdcBaseUrl: _c, controlUrl: _control, ...rest } = simulated;
  return {
    ...rest,
    name: `rehearsal of ${real.name}`,
    ...(real.baseUrl && simulated.baseUrl ? { baseUrl: simulated.baseUrl } : {}),
    ...(real.cdcBaseUrl && simulated.cdcBaseUrl ? { cdcBaseUrl: simulated.cdcBaseUrl } : {}),
    ...(real.controlUrl && simulated.controlUrl ? { controlUrl: simulated.controlUrl } : {}),
    b,
    a,
    interfaceA: withUnservedOperations(simulated.interfaceA, real.interfaceA),
    permissions: [...real.permissions],
  };
}

/** The simulated fixtures of each kind the real target names (for connections: each type). */
function likeFixtures(simulated: TargetFixtures, real: TargetFixtures): TargetFixtures {
  const out: TargetFixtures = {};
  if (real.package_id !== undefined && simulated.package_id !== undefined) out.package_id = simulated.package_id;
  if (real.failing_package_id !== undefined && simulated.failing_package_id !== undefined) out.failing_package_id = simulated.failing_package_id;
  if (real.cluster_id !== undefined && simulated.cluster_id !== undefined) out.cluster_id = simulated.cluster_id;
  if (real.connections && simulated.connections) {
    const connections = Object.fromEntries(Object.keys(real.connections).flatMap((type) => (simulated.connections?.[type] !== undefined ? [[type, simulated.connections[type]] as const] : [])));
    out.connections = connections;
  }
  if (real.delivery_ids && simulated.delivery_ids) out.delivery_ids = simulated.delivery_ids.slice(0, real.delivery_ids.length);
  if (real.notification_ids && simulated.notification_ids) out.notification_ids = simulated.notification_ids.slice(0, real.notification_ids.length);
  if (real.invoice_count !== undefined && simulated.invoice_count !== undefined) out.invoice_count = simulated.invoice_count;
  if (real.pipeline_ids && simulated.pipeline_ids) out.pipeline_ids = simulated.pipeline_ids.slice(0, real.pipeline_ids.length);
  if (real.archivable_pipelines && simulated.archivable_pipelines) {
    const { deployed, not_deployed } = simulated.archivable_pipelines;
    out.archivable_pipelines = {
      ...(real.archivable_pipelines.deployed !== undefined && deployed !== undefined ? { deployed } : {}),
      ...(real.archivable_pipelines.not_deployed !== undefined && not_deployed !== undefined ? { not_deployed } : {}),
    };
  }
  return out;
}

/** The simulator's routes, but none for an operation the real document says it does not serve. */
function withUnservedOperations(simulated: ResolvedInterfaceA, real: ResolvedInterfaceA): ResolvedInterfaceA {
  const operations = { ...simulated.operations };
  for (const [operation, route] of Object.entries(real.operations) as [keyof typeof operations, unknown][]) if (route === null) operations[operation] = null;
  return { ...simulated, operations };
}
