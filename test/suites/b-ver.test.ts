import { proveFamily } from './family-proof.ts';

proveFamily('b-ver', ['b-missing-accept-served', 'b-wrong-success-content-type']);
