import { proveFamily } from './family-proof.ts';

proveFamily('b-pkg', ['b-package-absent-200-null']);
