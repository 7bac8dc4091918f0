import { proveFamily } from './family-proof.ts';

proveFamily('b-conn', ['b-connection-types-wrapped', 'b-connection-group-id-omitted', 'b-bingads-columns-object', 'b-group-accepts-foreign-connection']);
