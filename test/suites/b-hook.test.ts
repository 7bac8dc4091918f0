import { proveFamily } from './family-proof.ts';

proveFamily('b-hook', ['b-hook-events-dropped', 'b-hook-reset-deactivates']);
