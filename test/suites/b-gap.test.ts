import { proveFamily } from './family-proof.ts';

proveFamily('b-gap', []);
