import type { Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import { flowTypeOf, type Package } from './types.ts';
import type { User } from '../users/types.ts';
import { invalidFields, notFound, type FieldProblem } from '../../http/errors.ts';
import type { PackageFields } from './input.ts';
import { PACKAGE_TEMPLATES } from './templates.ts';
import { inOtherAccount, readOwn } from '../shared/foreign.ts';
import { newestFirst } from '../shared/ordering.ts';
import type { ListSorts } from '../shared/list-order.ts';

/** The real docs' default `flow_version`. */
export const DEFAULT_FLOW_VERSION = '2.0.0';

/** The real service's sorts of the package list. */
export const PACKAGE_SORTS: ListSorts<Package, 'name' | 'updated'> = {
  keys: { created: (p) => p.createdAt, updated: (p) => p.updatedAt, name: (p) => p.name },
  updatedAt: (p) => p.updatedAt,
};

/** Newest first (then highest id first): the order `GET /packages` serves and pages over. */
export function packagesNewestFirst(account: AccountState): Package[] {
  return newestFirst(account.packages.values());
}

/** The caller's package with this id, or null when it is absent or another account's. */
export function readPackage(sim: Sim, account: AccountState, id: number): Package | null {
  // b-foreign-package-readable: the lookup by id forgets the account, as a global primary key would let it.
  return readOwn(sim, account, (holder) => holder.packages.get(id)) ?? (sim.faults.has('b-foreign-package-readable') ? (inOtherAccount(sim, account, (other) => other.packages.get(id)) ?? null) : null);
}

/** The caller's package with this id, for a write or the export; another account's or an absent one is not found. */
export function ownPackage(account: AccountState, id: number): Package {
  const pkg = account.packages.get(id);
  if (!pkg) throw notFound();
  return pkg;
}

/**
 * `POST /packages`: a new active package of the caller. With `source_package_id` it starts as a
 * copy of that package of the caller's account, with `package_template_id` from that template
 * (templates.ts); the fields given override either. Left out: the real docs' defaults ("Untitled
 * package", a data flow, flow version 2.0.0). An id that is not the caller's package, or no
 * template, is a 422 naming the field (another account's package reads as absent).
 */
export function createPackage(sim: Sim, account: AccountState, user: User, fields: PackageFields): Package {
  const problems: FieldProblem[] = [];
  const source = fields.sourcePackageId === undefined ? undefined : account.packages.get(fields.sourcePackageId);
  if (fields.sourcePackageId !== undefined && !source) problems.push({ field: 'source_package_id', message: "must be a package of the caller's account" });
  const template = fields.templateId === undefined ? undefined : PACKAGE_TEMPLATES.find((t) => t.id === fields.templateId);
  if (fields.templateId !== undefined && !template) problems.push({ field: 'package_template_id', message: 'must be the id of a package template (GET /packages/templates)' });
  if (problems.length > 0) throw invalidFields(problems);
  const now = sim.clock.now();
  const base = source
    ? { name: source.name, description: source.description, variables: source.variables, flowType: flowTypeOf(source), flowVersion: source.flowVersion, dataFlowJson: source.dataFlowJson }
    : template
      ? { name: template.name, description: template.description, variables: template.variables, flowType: template.flowType, flowVersion: undefined, dataFlowJson: template.dataFlowJson }
      : { name: 'Untitled package', description: '', variables: {}, flowType: 'dataflow' as const, flowVersion: undefined, dataFlowJson: undefined };
  const pkg: Package = {
    id: sim.store.nextId('package', account),
    name: fields.name ?? base.name,
    description: fields.description ?? base.description,
    variables: { ...(fields.variables ?? base.variables) },
    ownerId: user.id,
    status: 'active',
    flowType: fields.flowType ?? base.flowType,
    version: 1,
    flowVersion: fields.flowVersion ?? base.flowVersion ?? DEFAULT_FLOW_VERSION,
    ...(fields.dataFlowJson ?? base.dataFlowJson ? { dataFlowJson: fields.dataFlowJson ?? base.dataFlowJson } : {}),
    // A copy fails as its source does; anything else completes (seeds make failing packages).
    outcome: source?.outcome ?? 'completed',
    createdAt: now,
    updatedAt: now,
  };
  account.packages.set(pkg.id, pkg);
  return pkg;
}

/** `PUT /packages/{id}`: the fields given change; the revision (`version`) goes up by one. */
export function updatePackage(sim: Sim, pkg: Package, fields: PackageFields): Package {
  if (fields.name !== undefined) pkg.name = fields.name;
  if (fields.description !== undefined) pkg.description = fields.description;
  if (fields.variables !== undefined) pkg.variables = { ...fields.variables };
  if (fields.flowVersion !== undefined) pkg.flowVersion = fields.flowVersion;
  if (fields.dataFlowJson !== undefined) pkg.dataFlowJson = fields.dataFlowJson;
  pkg.version = (pkg.version ?? 1) + 1;
  pkg.updatedAt = sim.clock.now();
  return pkg;
}

/**
 * `DELETE /packages/{id}`: the package is archived, as the real docs' answer shows it
 * (`status: archived`): it stays readable, leaves the default list, and no job can run it.
 * Deleting an archived package changes nothing.
 */
export function archivePackage(sim: Sim, pkg: Package): Package {
  if (pkg.status !== 'archived') {
    pkg.status = 'archived';
    pkg.updatedAt = sim.clock.now();
  }
  return pkg;
}
