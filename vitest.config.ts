import { defineConfig } from 'vitest/config';

// The project's own tests only. `suites/**/*.spec.ts` are conformance checks that take a
// target and run under `disco check`, so they are deliberately not collected here.
export default defineConfig({
  test: {
    include: ['api/**/*.test.ts', 'simulator/**/*.test.ts', 'suites/**/*.test.ts', 'reports/**/*.test.ts', 'test/**/*.test.ts', 'bin/**/*.test.ts', 'examples/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default', './test/support/plain-summary-reporter.ts'],
  },
});
