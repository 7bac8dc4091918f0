import { writeFileSync } from 'node:fs';
import { coverageDoc } from './coverage-doc.ts';

// `npm run docs:coverage`: rewrites docs/coverage.md from the checks, the faults and their record.
writeFileSync(new URL('../../docs/coverage.md', import.meta.url), await coverageDoc());
