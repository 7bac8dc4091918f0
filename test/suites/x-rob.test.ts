import { proveFamily } from './family-proof.ts';

proveFamily('x-rob', ['b-malformed-json-500']);
