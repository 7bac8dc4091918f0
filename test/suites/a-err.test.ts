import { proveFamily } from './family-proof.ts';
import { A_FAULTS_BY_FAMILY } from './a-fault-table.ts';

proveFamily('a-err', [...A_FAULTS_BY_FAMILY['a-err']]);
