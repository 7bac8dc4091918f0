import { proveFamily } from './family-proof.ts';

proveFamily('b-iso', ['b-cross-account-access', 'b-foreign-resource-403', 'b-foreign-watch-allowed']);
