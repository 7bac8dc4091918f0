import { proveFamily } from './family-proof.ts';

proveFamily('b-inv', ['b-invoice-date-with-time', 'b-offset-off-by-one', 'b-limit-uncapped']);
