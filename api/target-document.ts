import type { AccountManifest } from '../simulator/control/seed.ts';
import type { ConventionsName } from '../simulator/conventions.ts';
import { targetDocumentFromManifests, type TargetDescription } from '../suites/lib/provision.ts';
import type { TargetDocument } from '../suites/lib/target-types.ts';

/**
 * The target document for a seeded simulator: what `disco check --target` reads. Under the alt
 * conventions it names no control API: it stands for another deployment, which has none.
 */
export function targetDocument(origin: string, keyPrefix: string, manifests: AccountManifest[], conventions: ConventionsName, description: TargetDescription): TargetDocument {
  const name = conventions === 'standard' ? 'disco simulator' : `disco simulator (${conventions} conventions)`;
  // Without the control API nothing gives account 1 its key back after B-AUTH-2 rotates it: the
  // file would serve one run only. So it does not permit the rotation (DISCO_ALLOW_KEY_ROTATION=1 does, for one run).
  const control = conventions === 'standard' ? { controlUrl: `${origin}/_disco` } : { permissions: ['assign_connections_to_groups' as const, 'change_user_email' as const, 'create_deliveries' as const, 'create_connections' as const, 'invite_members' as const] };
  return targetDocumentFromManifests({ name, origin, keyPrefix, ...control }, manifests, description);
}
