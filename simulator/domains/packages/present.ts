import type { Links, Sim } from '../../context.ts';
import { presentTime } from '../../http/time.ts';
import { flowTypeOf, type Package } from './types.ts';
import type { AccountState } from '../../store.ts';
import type { ValidationView } from './validations.ts';
import { DEFAULT_FLOW_VERSION } from './model.ts';
import { TEMPLATE_AUTHOR, type PackageTemplate } from './templates.ts';

/** What the fault `b-impossible-timestamp` writes: well formed, but 30 February never comes. */
const IMPOSSIBLE_MOMENT = '2026-02-30T10:00:00Z';

export function packageUrl(links: Links, id: number): string {
  return `${links.api}/packages/${id}`;
}

/**
 * `created_at` as the fault `b-later-accounts-created-at-no-zone` writes it for every account but
 * the first made (a formatter rolled out by account): `2026-01-02 10:00:00`, no T and no zone.
 * Undefined otherwise, and for a caller not given.
 */
function createdAtWithoutZone(sim: Sim, pkg: Package, caller: AccountState | undefined): string | undefined {
  if (!sim.faults.has('b-later-accounts-created-at-no-zone') || caller === undefined || caller === sim.store.firstAccount()) return undefined;
  return new Date(pkg.createdAt).toISOString().replace('T', ' ').replace(/\.\d+Z$/, '');
}

/** A package as interface B returns it (spec section 2), to `caller`. `outcome` is internal and not shown. */
export function presentPackage(sim: Sim, pkg: Package, links: Links, caller?: AccountState): Record<string, unknown> {
  // b-package-times-tokyo-labelled-utc: the package service's host writes its wall clock in
  // Asia/Tokyo (UTC+9 all year) and labels it Z: nine hours ahead.
  const ahead = sim.faults.has('b-package-times-tokyo-labelled-utc') ? 9 * 3_600_000 : 0;
  return {
    id: sim.faults.has('b-package-id-as-string') ? String(pkg.id) : pkg.id,
    name: pkg.name,
    description: pkg.description,
    variables: { ...pkg.variables },
    owner_id: pkg.ownerId,
    status: sim.conventions.b.packageStatusNames[pkg.status],
    flow_type: flowTypeOf(pkg),
    created_at: createdAtWithoutZone(sim, pkg, caller) ?? presentTime(sim, pkg.createdAt + ahead),
    updated_at: sim.faults.has('b-impossible-timestamp') ? IMPOSSIBLE_MOMENT : presentTime(sim, pkg.updatedAt + ahead),
    url: packageUrl(links, pkg.id),
    html_url: `${links.html}/packages/${pkg.id}`,
  };
}

/**
 * A package as `GET /packages/{id}` (and its writes) return it: the list's fields and the ones
 * the real service's single read adds (its API docs): `version`, the package's revision (one more
 * at each `PUT`), `flow_version` (as given, else the docs' 2.0.0), `package_version` (the docs'
 * example value: the simulator does not version flows), and `item_id`, the package's own id there.
 */
export function presentPackageDetail(sim: Sim, pkg: Package, links: Links, caller?: AccountState): Record<string, unknown> {
  // b-archived-package-html-url-null: the dashboard's route helper has no page for an archived package, and its nil is passed through.
  const noPage = sim.faults.has('b-archived-package-html-url-null') && pkg.status === 'archived' ? { html_url: null } : {};
  return { ...presentPackage(sim, pkg, links, caller), ...noPage, version: pkg.version ?? 1, flow_version: pkg.flowVersion ?? DEFAULT_FLOW_VERSION, package_version: '1.0', item_id: pkg.id };
}

/**
 * `GET /packages/{id}/export`: what `POST /packages` takes to make the same package again (the
 * real docs say the export's output can be its input; they show no example, so the shape is the
 * simulator's): its fields and its data flow as JSON text (an empty flow when none was given).
 */
export function presentPackageExport(pkg: Package): Record<string, unknown> {
  return {
    name: pkg.name,
    description: pkg.description,
    variables: { ...pkg.variables },
    flow_type: flowTypeOf(pkg),
    flow_version: pkg.flowVersion ?? DEFAULT_FLOW_VERSION,
    data_flow_json: pkg.dataFlowJson ?? (flowTypeOf(pkg) === 'workflow' ? '{"tasks":[]}' : '{"components":[]}'),
  };
}

/** A template as `GET /packages/templates` lists it (the real docs' fields). */
export function presentPackageTemplate(template: PackageTemplate): Record<string, unknown> {
  return { id: template.id, name: template.name, description: template.description, position: template.position, author: { ...TEMPLATE_AUTHOR } };
}

/** A validation as the real docs show one (resources/package-validation.md), as it stands at the moment of `view`. */
export function presentValidation(sim: Sim, account: AccountState, pkg: Package, view: ValidationView, links: Links): Record<string, unknown> {
  return {
    id: view.id,
    status: view.status,
    status_message: view.statusMessage,
    account_id: account.id,
    owner_id: view.validation.ownerId,
    runtime: view.runtime,
    errors: view.errors.map((message) => ({ message })),
    created_at: presentTime(sim, view.validation.createdAt),
    updated_at: presentTime(sim, view.updatedAt),
    package_id: pkg.id,
    url: `${packageUrl(links, pkg.id)}/validations/${view.id}`,
  };
}
