import { describe } from 'vitest';
import { FAULT_NAMES } from '../simulator/faults.ts';
import { proveFaults } from './fault-proofs/prove.ts';

describe('every interface A fault is caught by the suites, naming its clause', () => {
  proveFaults('a', FAULT_NAMES.filter((name) => name.startsWith('a-')));
});
