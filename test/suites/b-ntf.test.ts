import { proveFamily } from './family-proof.ts';

proveFamily('b-ntf', ['b-mark-all-ignored']);
