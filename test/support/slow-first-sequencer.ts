import { relative, sep } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's own order, except that within each test project the files of `slowest` start first,
 * in the order given. Vitest starts the files that took longest in its last run first, but it
 * learns that from a cache under node_modules, which a fresh checkout (CI) has not: it then starts
 * the largest files first, and the whole-suite runs are small files that ran last, leaving one
 * worker busy for a minute after the others were done.
 */
export function slowFirstSequencer(slowest: readonly string[]): new (...args: ConstructorParameters<typeof BaseSequencer>) => BaseSequencer {
  return class SlowFirstSequencer extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      const rank = (file: TestSpecification): number => {
        const at = slowest.indexOf(relative(this.ctx.config.root, file.moduleId).split(sep).join('/'));
        return at < 0 ? slowest.length : at;
      };
      // Vitest's order keeps each project's files together, in the order the projects run.
      const projects: TestSpecification[][] = [];
      for (const file of sorted) {
        const last = projects.at(-1);
        if (last && last[0]!.project.name === file.project.name) last.push(file);
        else projects.push([file]);
      }
      // Array.prototype.sort is stable: the files not named keep vitest's order.
      return projects.flatMap((files) => files.sort((a, b) => rank(a) - rank(b)));
    }
  };
}
