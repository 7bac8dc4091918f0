export type PackageStatus = 'active' | 'archived';

/** The real service's kinds of package (its API docs): a data flow, or a workflow of packages. */
export type FlowType = 'dataflow' | 'workflow';

export const FLOW_TYPES: readonly FlowType[] = ['dataflow', 'workflow'];

/** A package's flow type; a package of a state saved before the field existed is a data flow. */
export function flowTypeOf(pkg: Pick<Package, 'flowType'>): FlowType {
  return pkg.flowType ?? 'dataflow';
}

export interface Package {
  id: number;
  name: string;
  description: string;
  variables: Record<string, string>;
  ownerId: number;
  status: PackageStatus;
  /** Absent in a state saved before the field existed: a data flow, the real service's default. */
  flowType?: FlowType;
  /** The revision, one more at each `PUT /packages/{id}`; absent: 1. */
  version?: number;
  /** The frontend version its flow was made with (the real docs' `flow_version`); absent: 2.0.0. */
  flowVersion?: string;
  /** Its data flow as given (`data_flow_json`), JSON text; absent: an empty flow. */
  dataFlowJson?: string;
  createdAt: number;
  updatedAt: number;
  /**
   * Simulator convention: how jobs of this package end. `failed` makes every job of the package
   * fail at the end of its run, so clients can test their failure paths.
   */
  outcome: 'completed' | 'failed';
  /** Its validations (`/packages/{id}/validations`), oldest first; absent: none yet. */
  validations?: PackageValidation[];
}

/**
 * A run of the real service's package validation (its API docs, resources/package-validation.md).
 * What it shows at a moment follows from these on the clock (validations.ts): running until
 * `endsAt`, then its outcome.
 */
export interface PackageValidation {
  id: number;
  ownerId: number;
  createdAt: number;
  endsAt: number;
  outcome: 'completed' | 'failed';
  /** What a failed validation reports (`errors[].message`); empty when it completes. */
  errors: string[];
}

/** The real docs' validation statuses. */
export const VALIDATION_STATUSES = ['running', 'completed', 'failed'] as const;
export type ValidationStatus = (typeof VALIDATION_STATUSES)[number];
