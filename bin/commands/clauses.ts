import { parseArgs } from 'node:util';
import { CLAUSES } from '../../suites/clauses.ts';
import { loadChecks } from '../../suites/index.ts';
import { unknownClauseIds } from '../../suites/lib/aggregate.ts';
import { UsageError } from './usage-error.ts';
import { FAULT_NAMES, faultCatalog } from '../../simulator/faults.ts';

export const clausesHelp = `disco clauses: the clause table (id, kind, section, statement) and which checks cover each

  --json      print JSON: [{id, kind, section, statement, checks: [check ids], supporters: [check ids]}]
  --markdown  print the coverage table as Markdown, with the simulator faults that prove each
              clause's checks (docs/coverage.md is built on it: npm run docs:coverage)

Exit codes: 0; 1 when a check names a clause the table does not have; 2 bad options.
`;

export interface ClauseCoverage {
  id: string;
  kind: 'must' | 'gap';
  section: string;
  statement: string;
  /** The checks that verify it. */
  checks: string[];
  /** The checks that only support it. */
  supporters: string[];
}

export async function clauseCoverage(): Promise<{ clauses: ClauseCoverage[]; unknown: { check: string; clause: string }[] }> {
  const checks = await loadChecks();
  const clauses = CLAUSES.map((c) => ({
    id: c.id,
    kind: c.kind,
    section: c.section,
    statement: c.statement,
    checks: checks.filter((k) => k.clauses.includes(c.id)).map((k) => k.id),
    supporters: checks.filter((k) => k.supports?.includes(c.id)).map((k) => k.id),
  }));
  return { clauses, unknown: unknownClauseIds(checks) };
}

export async function clauses(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { json: { type: 'boolean', default: false }, markdown: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
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
  } else if (values.markdown) {
    process.stdout.write(renderMarkdown(table));
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

/** The first paragraph of the Markdown table: where it comes from and what it proves. */
export const MARKDOWN_INTRO = [
  'Each must clause is proven both ways: its checks pass against the faultless simulator and',
  'fail, naming the clause, against each simulator fault listed here (`test/faults-*.test.ts`).',
];

/** The clause table as Markdown: clause, kind, statement, checks, proving faults. */
export function renderMarkdown(table: readonly ClauseCoverage[], intro: readonly string[] = ['Printed by `disco clauses --markdown`.', ...MARKDOWN_INTRO]): string {
  const faultsOf = (id: string) => FAULT_NAMES.filter((name) => faultCatalog[name].clause === id);
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const lines = [
    '# Clause coverage',
    '',
    ...intro,
    '',
    '| Clause | Kind | Statement | Checks that verify it | Faults that trip it |',
    '|---|---|---|---|---|',
  ];
  for (const c of table) {
    const verifiers = c.checks.length ? c.checks.map((k) => `\`${k}\``).join(', ') : '**no verifier**';
    const checks = c.supporters.length ? `${verifiers}; supported by ${c.supporters.map((k) => `\`${k}\``).join(', ')}` : verifiers;
    const faults = faultsOf(c.id).map((f) => `\`${f}\``).join(', ') || (c.kind === 'gap' ? 'advisory (gap)' : '**none**');
    lines.push(`| ${c.id} | ${c.kind} | ${cell(c.statement)} | ${checks} | ${faults} |`);
  }
  const covered = table.filter((c) => c.checks.length).length;
  lines.push('', `${table.length} clauses (${table.filter((c) => c.kind === 'must').length} must, ${table.filter((c) => c.kind === 'gap').length} gap): ${covered} covered, ${table.length - covered} not covered.`);
  return `${lines.join('\n')}\n`;
}
