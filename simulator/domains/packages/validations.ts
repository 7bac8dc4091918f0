import type { Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import { invalidField, notFound } from '../../http/errors.ts';
import type { User } from '../users/types.ts';
import type { ListSorts } from '../shared/list-order.ts';
import type { Package, PackageValidation, ValidationStatus } from './types.ts';

/**
 * The real service's package validations (its API docs: sections/run-package-validation.md and
 * the synchronous `POST /packages/{id}/validate`). A validation runs for VALIDATION_SECONDS on the
 * clock (the docs' example takes 3 s), scaled by the simulator's job pace, then completes, or
 * fails for a package made to fail (its jobs fail too: `Package.outcome`), so a client can test
 * both answers. The synchronous one answers finished at once: the simulator's clock does not move
 * while a request waits. Plain rules, no HTTP.
 */
export const VALIDATION_SECONDS = 3;

/** What a validation shows at a moment. `runtime` is whole seconds once it ended, null while it runs (the docs' running examples show null). */
export interface ValidationView {
  id: number;
  validation: PackageValidation;
  status: ValidationStatus;
  statusMessage: string | null;
  runtime: number | null;
  errors: string[];
  updatedAt: number;
}

export function validationAt(validation: PackageValidation, now: number): ValidationView {
  if (now < validation.endsAt) return { id: validation.id, validation, status: 'running', statusMessage: null, runtime: null, errors: [], updatedAt: validation.createdAt };
  const failed = validation.outcome === 'failed';
  return {
    id: validation.id,
    validation,
    status: validation.outcome,
    // The docs' texts for a validation that completed; a failure's is the simulator's.
    statusMessage: failed ? 'Validation failed' : 'Validation successful',
    runtime: Math.round((validation.endsAt - validation.createdAt) / 1000),
    errors: failed ? [...validation.errors] : [],
    updatedAt: validation.endsAt,
  };
}

/**
 * `POST /packages/{id}/validations` (and, with `sync`, `POST /packages/{id}/validate`): a new
 * validation of the caller's package, owned by the caller. An archived package cannot be
 * validated, as it cannot run (422 naming `package_id`).
 */
export function runValidation(sim: Sim, account: AccountState, pkg: Package, user: User, options: { sync: boolean }): PackageValidation {
  if (pkg.status === 'archived') throw invalidField('package_id', 'names an archived package, which cannot be validated');
  const now = sim.clock.now();
  const validation: PackageValidation = {
    id: sim.store.nextId('packageValidation', account),
    ownerId: user.id,
    createdAt: now,
    endsAt: options.sync ? now : now + Math.round(VALIDATION_SECONDS * 1000 * sim.options.jobPace),
    outcome: pkg.outcome,
    errors: pkg.outcome === 'failed' ? [`The flow of package ${pkg.name} does not validate (the package is made to fail)`] : [],
  };
  (pkg.validations ??= []).push(validation);
  return validation;
}

/** The package's validations newest first (the docs' default: sort created, direction desc), as they stand now. */
export function validationsNewestFirst(pkg: Package, now: number): ValidationView[] {
  return [...(pkg.validations ?? [])].reverse().map((v) => validationAt(v, now));
}

/** One validation of the caller's package; another package's, another account's and an absent id are the same not-found. */
export function readValidation(pkg: Package, id: number, now: number): ValidationView {
  const validation = pkg.validations?.find((v) => v.id === id);
  if (!validation) throw notFound();
  return validationAt(validation, now);
}

/** The real service's sorts of the validation list (its API docs: `updated`, `created`; `desc` unless asked). */
export const VALIDATION_SORTS: ListSorts<ValidationView, 'updated'> = {
  keys: { created: (v) => v.validation.createdAt, updated: (v) => v.updatedAt },
  updatedAt: (v) => v.updatedAt,
};
