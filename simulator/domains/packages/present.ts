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

/**
 * A package as `GET /packages/{id}` returns it: the list's fields and the ones the real service's
 * single read adds (its API docs): `version`, the package's revision (1: the API changes no
 * package here), `flow_version` and `package_version` (the docs' example values: the simulator
 * keeps no flow definition), and `item_id`, the package's own id there.
 */
export function presentPackageDetail(sim: Sim, pkg: Package, links: Links): Record<string, unknown> {
  return { ...presentPackage(sim, pkg, links), version: 1, flow_version: '2.0.0', package_version: '1.0', item_id: pkg.id };
}
