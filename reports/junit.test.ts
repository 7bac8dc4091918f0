import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { renderJunit } from './junit.ts';
import { sampleReport } from './testing/sample-report.ts';

interface Testcase {
  '@_name': string;
  '@_classname': string;
  '@_time': string;
  failure?: { '@_message': string; '@_type': string; '#text': string };
  error?: { '@_message': string; '#text'?: string };
  skipped?: { '@_message': string };
  'system-out'?: string;
}

function parse(xml: string) {
  const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'testsuite' || name === 'testcase' || name === 'property' });
  return parser.parse(xml) as { testsuites: { '@_tests': string; '@_failures': string; '@_errors': string; '@_skipped': string; testsuite: { '@_name': string; '@_skipped': string; testcase: Testcase[]; properties: { property: { '@_name': string; '@_value': string }[] } }[] } };
}

describe('JUnit XML', () => {
  const report = sampleReport();
  const xml = renderJunit(report);
  const doc = parse(xml);
  const familySuites = doc.testsuites.testsuite.filter((s) => s['@_name'] !== 'disco clause verdicts');
  const cases = familySuites.flatMap((s) => s.testcase);

  it('is well-formed XML despite <, &, quotes, ]]> and control characters in the results', () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
    expect(xml).toContain('\\u0001ctl');
  });

  const unverified = report.clauses.filter((c) => c.binding && c.verdict === 'not-verified');

  it('has one testcase per check, grouped in one testsuite per family, and one per binding clause not verified', () => {
    expect(cases).toHaveLength(report.checks.length);
    expect(unverified.length).toBeGreaterThan(0);
    expect(doc.testsuites['@_tests']).toBe(String(report.checks.length + unverified.length));
    expect(doc.testsuites['@_failures']).toBe('1');
    expect(doc.testsuites['@_errors']).toBe('1');
    expect(doc.testsuites['@_skipped']).toBe(String(1 + unverified.length));
    expect(doc.testsuites.testsuite.map((s) => s['@_name'])).toEqual(['b-auth', 'b-lim', 'b-job', 'a-auth', 'disco clause verdicts']);
    for (const s of familySuites) for (const c of s.testcase) expect(c['@_classname']).toBe(s['@_name']);
  });

  it('gives every clause verdict and the outcome as properties; each binding clause not verified is a skipped testcase with its reasons, so a CI view of an INCOMPLETE run is not all green', () => {
    const verdicts = doc.testsuites.testsuite.find((s) => s['@_name'] === 'disco clause verdicts');
    expect(verdicts?.testcase.map((t) => t['@_name'])).toEqual(unverified.map((c) => `${c.id}: not verified`));
    expect(verdicts?.testcase.every((t) => t.skipped?.['@_message'].startsWith('not verified: '))).toBe(true);
    expect(verdicts?.['@_skipped']).toBe(String(unverified.length));
    const props = Object.fromEntries((verdicts?.properties.property ?? []).map((p) => [p['@_name'], p['@_value']]));
    expect(props.outcome).toBe(report.outcome);
    for (const c of report.clauses) expect(props[`clause:${c.id}`], c.id).toBe(c.verdict);
    // Clauses a selection left out on purpose (--only) are no reason for exit 3, and get no testcase.
    const subset = sampleReport();
    for (const c of subset.clauses) if (c.verdict === 'not-verified') c.onlyLeftOut = true;
    expect(parse(renderJunit(subset)).testsuites.testsuite.find((s) => s['@_name'] === 'disco clause verdicts')?.testcase).toBeUndefined();
  });

  it('names every testcase by its clause ids first', () => {
    for (const [i, check] of report.checks.entries()) {
      const name = cases[i]?.['@_name'] ?? '';
      expect(name.startsWith(`${check.clauses.join(' ')}: `) || name.startsWith(`${check.clauses.join(' ')} (`), name).toBe(true);
      expect(name).toContain(`[${check.id}]`);
    }
    expect(cases[1]?.['@_name']).toBe('B-LIM-2 B-GAP-3: No invoice page holds more than 100 invoices [b-lim/page-size]');
  });

  it('puts message, expected/received, the property, the exchange and curl in the failure', () => {
    const failure = cases[1]?.failure;
    expect(failure?.['@_message']).toBe('B-LIM-2: a page held 150 invoices');
    expect(failure?.['@_type']).toBe('B-LIM-2');
    const body = failure?.['#text'] ?? '';
    expect(body).toContain('a page held 150 invoices (limit=150) & that is > 100 <b>bold</b> ]]>');
    expect(body).toContain('expected: at most 100 items');
    expect(body).toContain('counterexample: [150]');
    expect(body).toContain('GET http://127.0.0.1:4010/disco-one/api/invoices?limit=150');
    expect(body).toContain('HTTP 200');
    expect(body).toContain("reproduce:\ncurl -i -X GET 'http://127.0.0.1:4010/disco-one/api/invoices?limit=150'");
  });

  it('marks errors and skips with their reasons, and keeps notes as system-out', () => {
    expect(cases[3]?.error?.['@_message']).toContain('socket hang up');
    expect(cases[4]?.skipped?.['@_message']).toContain('control API');
    expect(cases[0]?.['system-out']).toBe('median latency 3 ms');
    expect(cases[0]?.failure).toBeUndefined();
  });

  it('records the run parameters as testsuite properties', () => {
    const props = Object.fromEntries(doc.testsuites.testsuite[0]?.properties.property.map((p) => [p['@_name'], p['@_value']]) ?? []);
    expect(props).toMatchObject({ seed: '42', runs: '25', profile: 'spec', target: 'staging <eu> & "friends"' });
  });
});

describe('testcase names', () => {
  it('do not repeat clause ids a title already starts with, and keep its qualifier', async () => {
    const { checkDisplayName } = await import('./model.ts');
    expect(checkDisplayName({ id: 'b-pkg/read', title: 'B-PKG-1: GET a package', clauses: ['B-PKG-1', 'B-SCHEMA-1'] })).toBe('B-PKG-1 B-SCHEMA-1: GET a package [b-pkg/read]');
    expect(checkDisplayName({ id: 'b-job/x', title: 'B-JOB-3, B-JOB-4: statuses', clauses: ['B-JOB-3', 'B-JOB-4'] })).toBe('B-JOB-3 B-JOB-4: statuses [b-job/x]');
    expect(checkDisplayName({ id: 'b-ver/y', title: 'B-GAP-2 (simulator convention): 406', clauses: ['B-GAP-2'] })).toBe('B-GAP-2 (simulator convention): 406 [b-ver/y]');
    expect(checkDisplayName({ id: 'b-ver/z', title: 'Plain title', clauses: ['B-VER-1'] })).toBe('B-VER-1: Plain title [b-ver/z]');
  });
});
