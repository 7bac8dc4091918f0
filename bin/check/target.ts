import { ConfigError, loadTargetFile } from '../../suites/lib/target.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import { unmovablePaths } from '../../suites/catalog/b-endpoints.ts';
import { startEmbeddedTarget } from '../embedded-target.ts';
import type { CheckOptions } from './options.ts';
import type { Interruption } from './signals.ts';
import { RunStopped } from './stop.ts';

/** The system under test, and how to let go of it once the run is over. */
export interface OpenedTarget {
  target: ResolvedTarget;
  close(): Promise<void>;
}

/**
 * Stage 3 of `disco check`: the target file, or an embedded simulator started on a free
 * loopback port and provisioned through its control API. A file that cannot be used is exit 2;
 * a signal during provisioning ends the run with the signal's code.
 */
export async function openTarget(options: CheckOptions, interruption: Interruption): Promise<OpenedTarget> {
  try {
    if (options.target) {
      const target = await loadTargetFile(options.target);
      const unmovable = unmovablePaths(target.interfaceB.extensionPaths ?? {});
      if (unmovable.length) throw new ConfigError(`${options.target}: interface_b.extension_paths: ${unmovable.join('; ')}`);
      return { target, close: async () => {} };
    }
    const embedded = await startEmbeddedTarget({ faults: options.faults, conventions: options.conventions, signal: interruption.signal });
    return { target: embedded.target, close: () => embedded.close() };
  } catch (e) {
    const code = interruption.exitCode();
    if (code !== undefined) throw new RunStopped(code);
    if (e instanceof ConfigError) throw new RunStopped(2, e.message);
    throw e;
  }
}
