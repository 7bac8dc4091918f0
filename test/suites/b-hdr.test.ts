import { proveFamily } from './family-proof.ts';

proveFamily('b-hdr', ['b-json-charset-refused']);
