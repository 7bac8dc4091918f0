import type { Links, Sim } from '../../context.ts';
import { presentTime } from '../../http/time.ts';
import { flowTypeOf, type Package } from './types.ts';

/** What the fault `b-impossible-timestamp` writes: well formed, but 30 February never comes. */
const IMPOSSIBLE_MOMENT = '2026-02-30T10:00:00Z';

export function packageUrl(links: Links, id: number): string {
  return `${links.api}/packages/${id}`;
}

/** A package as interface B returns it (spec section 2). `outcome` is internal and not shown. */
export function presentPackage(sim: Sim, pkg: Package, links: Links): Record<string, unknown> {
  return {
    id: sim.faults.has('b-package-id-as-string') ? String(pkg.id) : pkg.id,
    name: pkg.name,
    description: pkg.description,
    variables: { ...pkg.variables },
    owner_id: pkg.ownerId,
    status: sim.conventions.b.packageStatusNames[pkg.status],
    flow_type: flowTypeOf(pkg),
    created_at: presentTime(sim, pkg.createdAt),
    updated_at: sim.faults.has('b-impossible-timestamp') ? IMPOSSIBLE_MOMENT : presentTime(sim, pkg.updatedAt),
    url: packageUrl(links, pkg.id),
    html_url: `${links.html}/packages/${pkg.id}`,
  };
}
