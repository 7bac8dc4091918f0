import { proveFamily } from './family-proof.ts';

proveFamily('b-dlv', ['b-delivery-delete-200-body']);
