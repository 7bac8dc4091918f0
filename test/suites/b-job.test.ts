import { proveFamily } from './family-proof.ts';

proveFamily('b-job', ['b-job-not-started', 'b-job-missing-cluster-accepted', 'b-job-status-unknown-value', 'b-progress-above-one', 'b-watch-status-204']);
