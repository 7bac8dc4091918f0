import { parseArgs } from 'node:util';
import { CLAUSES } from '../../suites/clauses.ts';
import { loadChecks } from '../../suites/index.ts';
import { unknownClauseIds } from '../../suites/lib/aggregate.ts';
import { UsageError } from './usage-error.ts';

export const clausesHelp = `disco clauses: the clause table (id, kind, section, statement) and which checks cover each

  --json      print JSON: [{id, kind, section, statement, checks: [check ids]}]
`;

export interface ClauseCoverage {
  id: string;
  kind: 'must' | 'gap';
  section: string;
  statement: string;
  checks: string[];
}

export async function clauseCoverage(): Promise<{ clauses: ClauseCoverage[]; unknown: { check: string; clause: string }[] }> {
  const checks = await loadChecks();
  const clauses = CLAUSES.map((c) => ({
    id: c.id,
    kind: c.kind,
    section: c.section,
    statement: c.statement,
    checks: checks.filter((k) => k.clauses.includes(c.id)).map((k) => k.id),
  }));
  return { clauses, unknown: unknownClauseIds(checks) };
}

export async function clauses(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length) throw new UsageError(`clauses takes no positional arguments (got ${positionals.join(' ')})`);
  if (values.help) {
    process.stdout.write(clausesHelp);
    return 0;
  }
  const { clauses: table, unknown } = await clauseCoverage();
  if (values.json) {
    process.stdout.write(`${JSON.stringify(table, null, 2)}\n`);
  } else {
    process.stdout.write(renderTable(table));
  }
  // A check naming a clause the catalog lacks is a bug in the suites: say so, and fail.
  for (const u of unknown) process.stderr.write(`disco clauses: check ${u.check} names unknown clause ${u.clause}\n`);
  return unknown.length ? 1 : 0;
}

export function renderTable(table: readonly ClauseCoverage[]): string {
  const width = (column: (c: ClauseCoverage) => string, title: string) => Math.max(title.length, ...table.map((c) => column(c).length));
  const idW = width((c) => c.id, 'ID');
  const sectionW = width((c) => c.section, 'SECTION');
  const lines = [`${'ID'.padEnd(idW)}  KIND  ${'SECTION'.padEnd(sectionW)}  STATEMENT`];
  for (const c of table) {
    lines.push(`${c.id.padEnd(idW)}  ${c.kind.padEnd(4)}  ${c.section.padEnd(sectionW)}  ${c.statement}`);
    const indent = ' '.repeat(idW + 2);
    lines.push(`${indent}${c.checks.length ? `covered by: ${c.checks.join(', ')}` : 'not covered'}`);
  }
  const covered = table.filter((c) => c.checks.length).length;
  lines.push('', `${table.length} clauses (${table.filter((c) => c.kind === 'must').length} must, ${table.filter((c) => c.kind === 'gap').length} gap): ${covered} covered, ${table.length - covered} not covered`);
  return `${lines.join('\n')}\n`;
}
