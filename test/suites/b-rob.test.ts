import { proveFamily } from './family-proof.ts';

proveFamily('b-rob', ['b-malformed-json-500']);
