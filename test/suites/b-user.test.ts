import { proveFamily } from './family-proof.ts';

proveFamily('b-user', ['b-user-update-ignored', 'b-ssh-key-read-404']);
