import { proveFamily } from './family-proof.ts';

proveFamily('b-err', ['b-404-without-message']);
