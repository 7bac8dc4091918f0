import type { Links, Sim } from '../../context.ts';
import { presentTime } from '../../http/time.ts';
import type { Package } from './types.ts';

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
    status: pkg.status,
    created_at: presentTime(sim, pkg.createdAt),
    updated_at: presentTime(sim, pkg.updatedAt),
    url: packageUrl(links, pkg.id),
    html_url: `${links.html}/packages/${pkg.id}`,
  };
}
