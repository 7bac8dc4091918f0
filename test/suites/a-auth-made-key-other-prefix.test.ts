import { describeCheckCatches } from '../support/check-catches.ts';

/**
 * A-AUTH-2: a value without the service prefix and `_` never authenticates. The twenty-seventh
 * mutation audit found keys made through key management sent only as their bare secret (no `_`),
 * while other prefixes were tried on the configured keys alone: a key service that splits
 * `<prefix>_<secret>` for made keys and never compares the prefix passed in std and alt.
 * a-auth/made-key-prefix-required now sends each made key's secret behind another prefix on one
 * probe (3 requests).
 */
describeCheckCatches('a-auth/made-key-prefix-required against a key service that takes any prefix for made keys', { check: 'a-auth/made-key-prefix-required', fault: 'a-made-key-any-prefix', clause: 'A-AUTH-2', message: 'instead of' });
