import { FAULT_NAMES } from '../../simulator/faults.ts';
import { familyOf } from '../../suites/lib/registry.ts';
import type { CheckDefinition } from '../../suites/lib/types.ts';
import type { CheckOptions } from './options.ts';
import { loadAllChecks } from './run.ts';
import { selectChecks } from './select.ts';
import { RunStopped } from './stop.ts';
import { selectionText } from '../../reports/model.ts';

/** `disco check --list`: the selected checks by family, with their clauses and needs. */
export async function listChecks(options: CheckOptions): Promise<number> {
  let all: CheckDefinition[];
  try {
    all = await loadAllChecks();
  } catch (e) {
    if (!(e instanceof RunStopped)) throw e;
    process.stderr.write(`disco check: ${e.message}\n`);
    return e.exitCode;
  }
  const { selected } = selectChecks(all, options.only, options.skip);
  const width = Math.max(10, ...selected.map((c) => c.id.length));
  let family = '';
  for (const c of selected) {
    if (familyOf(c) !== family) {
      family = familyOf(c);
      process.stdout.write(`${family}\n`);
    }
    process.stdout.write(`  ${c.id.padEnd(width)}  ${c.clauses.join(' ').padEnd(20)}  ${c.title}${c.needs.length ? ` (needs ${c.needs.join(', ')})` : ''}\n`);
  }
  process.stdout.write(`${selected.length} checks${selectionText(options) ? ` selected by ${selectionText(options)}` : ''}; faults for --fault: ${FAULT_NAMES.length} (disco serve --list-faults)\n`);
  return 0;
}
