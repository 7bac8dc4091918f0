import type { FaultName } from '../../simulator/faults.ts';

/**
 * Which interface A family of checks catches which `a-*` fault of simulator/faults.ts. Each
 * family's self-test (a-<family>.test.ts) proves its faults; a-fault-table.test.ts proves that
 * no `a-*` fault is left out of this table.
 */
export const A_FAULTS_BY_FAMILY = {
  'a-ver': ['a-wrong-version-prefix'],
  'a-auth': ['a-basic-scheme-accepted', 'a-unprefixed-key-accepted', 'a-invalid-key-403'],
  'a-keys': ['a-key-readable-after-create', 'a-expired-key-accepted', 'a-non-admin-key-management', 'a-revoked-key-grace', 'a-invalid-key-403'],
  'a-enum': ['a-foreign-pipeline-403', 'a-foreign-404-body-differs', 'a-404-without-error'],
  'a-timing': ['a-foreign-404-slower'],
  'a-err': ['a-404-without-error', 'a-invalid-definition-no-field', 'a-unknown-keys-ignored', 'a-invalid-key-403'],
  'a-pipe': ['a-delete-deployed-keeps-running', 'a-delete-not-deployed-starts', 'a-non-integer-id-500'],
  'a-lifecycle': ['a-delete-deployed-keeps-running', 'a-delete-not-deployed-starts'],
  'a-gap': [],
  'a-rob': [],
} as const satisfies Record<string, readonly FaultName[]>;

export type AFamily = keyof typeof A_FAULTS_BY_FAMILY;
