import { rmdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildForTests, removeAbandonedBuilds, TEST_BUILDS, TEST_CLI_ENV } from './test-build.ts';

/**
 * Vitest's global setup: compiles the checkout once (test/support/test-build.ts, about 1 s) before
 * any worker starts, and hands the compiled `disco` entry to the workers through the environment
 * they inherit; compiles it again, in the same place, before each rerun of watch mode (the
 * sources may have changed since); removes it when the run ends. Each test project inherits the
 * setup from the root configuration: the first builds, the others find the build made.
 */
let built: Promise<string> | undefined;

export default async function setup(project: TestProject): Promise<() => void> {
  const first = built === undefined;
  const out = join(TEST_BUILDS, `run-${process.pid}`);
  if (first) {
    removeAbandonedBuilds();
    built = buildForTests(out);
    project.onTestsRerun(async () => {
      built = buildForTests(out);
      await built;
    });
  }
  process.env[TEST_CLI_ENV] = await built!;
  return () => {
    if (!first) return;
    rmSync(out, { recursive: true, force: true });
    // The folder itself too, unless another run's build is in it.
    try {
      rmdirSync(TEST_BUILDS);
    } catch {
      // not empty: another test run is under way in this checkout
    }
  };
}
