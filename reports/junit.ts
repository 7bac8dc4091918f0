import type { CheckResult, ClauseVerdict, RecordedFailure } from '../suites/lib/types.ts';
import { byFamily, checkDisplayName, escapeXml, exchangeText, type RunReport } from './model.ts';
import { declaredEntries } from './declared.ts';

/**
 * JUnit XML: one <testsuite> per check family, one <testcase> per check. The testcase name
 * starts with the clause ids, so CI test views group and search by clause; the failure body has
 * everything needed to reproduce: expected/received, the property seed and counterexample, the
 * redacted exchange and a curl command. Advisory differences (gap clauses outside the simulator
 * profile) are never <failure>: they go to the testcase's <system-out> and its `advisory`
 * properties, so a CI that reads JUnit stays green on a conformant deployment.
 */
export function renderJunit(report: RunReport): string {
  const families = byFamily(report.checks);
  const count = (checks: readonly CheckResult[], v: CheckResult['verdict']) => checks.filter((c) => c.verdict === v).length;
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const lines: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const unverified = unverifiedClauses(report);
  lines.push(
    `<testsuites name="${escapeXml(`disco conformance: ${report.target.name}`)}" tests="${report.checks.length + unverified.length}" failures="${count(report.checks, 'fail')}" errors="${count(report.checks, 'error')}" skipped="${count(report.checks, 'skip') + unverified.length}" time="${seconds(report.durationMs)}" timestamp="${escapeXml(report.startedAt)}">`,
  );
  for (const [family, checks] of families) {
    const time = checks.reduce((s, c) => s + c.durationMs, 0);
    lines.push(
      `  <testsuite name="${escapeXml(family)}" tests="${checks.length}" failures="${count(checks, 'fail')}" errors="${count(checks, 'error')}" skipped="${count(checks, 'skip')}" time="${seconds(time)}" timestamp="${escapeXml(report.startedAt)}">`,
    );
    lines.push('    <properties>');
    const props: [string, string][] = [
      ['target', report.target.name],
      ['base_url', report.target.baseUrl ?? ''],
      ['cdc_base_url', report.target.cdcBaseUrl ?? ''],
      ...(report.target.proxy ? [['proxy', report.target.proxy] as [string, string]] : []),
      ...(report.target.clientCertificate ? [['client_certificate', report.target.clientCertificate] as [string, string]] : []),
      ...(report.target.headers ? [['headers', report.target.headers.join(', ')] as [string, string]] : []),
      // What the target document declared, one property each: `declared:interface_b.paging.offset`.
      ...(report.target.declared ? declaredEntries(report.target.declared).map(([field, value]) => [`declared:${field}`, value] as [string, string]) : []),
      ['profile', report.profile],
      ['seed', String(report.seed)],
      ['runs', String(report.runs)],
      ['run_id', report.runId],
      ['outcome', report.outcome],
    ];
    if (report.interrupted) props.push(['interrupted', report.interrupted]);
    for (const [name, value] of props) lines.push(`      <property name="${escapeXml(name)}" value="${escapeXml(value)}"/>`);
    lines.push('    </properties>');
    for (const check of checks) lines.push(...testcase(family, check));
    lines.push('  </testsuite>');
  }
  lines.push(...clauseVerdictSuite(report));
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}

/**
 * Binding clauses not verified, but for those a selection left out on purpose (`--only`): what
 * makes a run INCOMPLETE (exit 3) though every check that ran passed.
 */
function unverifiedClauses(report: RunReport): ClauseVerdict[] {
  return report.clauses.filter((c) => c.binding && c.verdict === 'not-verified' && !c.onlyLeftOut);
}

/**
 * The clause verdicts, which JUnit has no element for: a suite whose properties give the outcome
 * and every clause's verdict (`clause:B-AUTH-1` = pass | fail | error | not-verified | advisory),
 * the same words result.json uses. Its testcases are the binding clauses not verified, each
 * <skipped> with the reasons: every check of such a clause may have passed (covering it in part),
 * and a CI test view showing only green would hide why the run is INCOMPLETE. A failed or errored
 * clause has no testcase here: its check's testcase is the failure, counted once.
 */
function clauseVerdictSuite(report: RunReport): string[] {
  const unverified = unverifiedClauses(report);
  return [
    `  <testsuite name="disco clause verdicts" tests="${unverified.length}" failures="0" errors="0" skipped="${unverified.length}" time="0" timestamp="${escapeXml(report.startedAt)}">`,
    '    <properties>',
    `      <property name="outcome" value="${escapeXml(report.outcome)}"/>`,
    `      <property name="exit_code" value="${report.exitCode}"/>`,
    ...report.clauses.map((c) => `      <property name="clause:${escapeXml(c.id)}" value="${escapeXml(c.verdict)}"/>`),
    '    </properties>',
    ...unverified.flatMap((c) => [
      `    <testcase name="${escapeXml(`${c.id}: not verified`)}" classname="disco clause verdicts" time="0">`,
      `      <skipped message="${escapeXml(`not verified: ${c.reasons.join('; ') || 'no check verified it'}`)}"/>`,
      '    </testcase>',
    ]),
    '  </testsuite>',
  ];
}

function testcase(family: string, check: CheckResult): string[] {
  const open = `    <testcase name="${escapeXml(checkDisplayName(check))}" classname="${escapeXml(family)}" time="${(check.durationMs / 1000).toFixed(3)}"`;
  const advisories = check.advisories ?? [];
  const out = [
    ...advisories.map((a) => `advisory (not a failure): ${failureText(a)}`),
    ...(check.partial ?? []).map((p) => `covered ${p.clause} in part: ${p.reason}`),
    ...check.notes,
  ];
  const properties = advisories.length
    ? ['      <properties>', ...[...new Set(advisories.map((a) => a.clause))].map((clause) => `        <property name="advisory" value="${escapeXml(clause)}"/>`), '      </properties>']
    : [];
  const notes = [...properties, ...(out.length ? [`      <system-out>${escapeXml(out.join('\n\n'))}</system-out>`] : [])];
  switch (check.verdict) {
    case 'pass':
      return notes.length ? [`${open}>`, ...notes, '    </testcase>'] : [`${open}/>`];
    case 'skip':
      return [`${open}>`, `      <skipped message="${escapeXml(check.reason ?? 'skipped')}"/>`, ...notes, '    </testcase>'];
    case 'fail':
    case 'error': {
      const element = check.verdict === 'fail' ? 'failure' : 'error';
      const first = check.failures[0];
      const message = check.reason ?? (first ? `${first.clause}: ${first.message}` : check.verdict);
      const type = check.verdict === 'fail' ? (first?.clause ?? check.clauses[0] ?? 'fail') : 'error';
      const body = check.failures.length ? check.failures.map(failureText).join('\n\n----\n\n') : message;
      return [`${open}>`, `      <${element} message="${escapeXml(message)}" type="${escapeXml(type)}">${escapeXml(body)}</${element}>`, ...notes, '    </testcase>'];
    }
  }
}

export function failureText(f: RecordedFailure): string {
  const lines = [`${f.clause}${f.also?.length ? ` (also ${f.also.join(', ')})` : ''}: ${f.message}`];
  if (f.expected !== undefined) lines.push(`expected: ${f.expected}`);
  if (f.received !== undefined) lines.push(`received: ${f.received}`);
  if (f.property) {
    const p = f.property;
    lines.push(`property: seed ${p.seed}, ${p.runs} runs${p.path ? `, path ${p.path}` : ''}${p.numShrinks !== undefined ? `, ${p.numShrinks} shrinks` : ''}`);
    if (p.counterexample) lines.push(`counterexample: ${p.counterexample}`);
  }
  const exchange = exchangeText(f);
  if (exchange) lines.push('', exchange);
  if (f.curl) lines.push('', 'reproduce:', f.curl);
  return lines.join('\n');
}
