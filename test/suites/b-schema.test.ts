import { proveFamily } from './family-proof.ts';

proveFamily('b-schema', ['b-timestamps-without-zone', 'b-package-id-as-string']);
