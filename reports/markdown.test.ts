import { describe, expect, it } from 'vitest';
import { buildCertification } from './certification.ts';
import { code, md, renderMarkdown } from './markdown.ts';
import { sampleReport } from './testing/sample-report.ts';

describe('Markdown summary', () => {
  const report = sampleReport();
  const cert = buildCertification(report, { name: 'disco', version: '0.1.0' });
  const text = renderMarkdown(report, cert, 'disco check --seed 42 --runs 25');

  it('states the outcome, the counts, and how to reproduce', () => {
    expect(text.split('\n')[0]).toBe('## disco conformance: FAIL (exit 1)');
    expect(text).toContain(`| clauses | ${report.summary.pass} | ${report.summary.fail} | ${report.summary.error} | ${report.summary.notVerified} | ${report.summary.advisory} | |`);
    expect(text).toContain('| checks | 2 | 1 | 1 | | 1 | 1 |');
    expect(text).toContain('Reproduce: `disco check --seed 42 --runs 25`');
  });

  it('gives each failed clause one line, not-verified clauses with reasons, and advisory ones apart', () => {
    expect(text).toContain('### Failed clauses (1)\n\n- `B-LIM-2` (must): `b-lim/page-size: a page held 150 invoices (limit=150) & that is > 100 <b>bold</b> ]]>`');
    expect(text).toMatch(/### Could not be verified: errors \(1\)\n\n- `B-JOB-1` \(must\): `b-job\/create: POST http/);
    expect(text).toContain("### Advisory: differences from the simulator's conventions (gap clauses, never failures here) (1)\n\n- `B-GAP-3`: `b-lim/param-names: limit was ignored`");
    expect(text).toContain('- `A-AUTH-4` (must): `a-auth/expiry: needs the simulator control API');
    expect(text).toMatch(/### Not verified \(\d+\)/);
    expect(text).toContain(`\`${cert.digest.value}\``);
  });

  it('says why a run that halted could not verify what it did not run, instead of blaming the target\'s answers', () => {
    const errored = { ...sampleReport(), outcome: 'error' as const, exitCode: 2 as const };
    const halted = renderMarkdown({ ...errored, halted: "the target's ids reach the ids the run takes by default" }, cert, 'disco check');
    expect(halted.split('\n')[2]).toMatch(/^no must clause failed, but the run halted before it could verify \d+ of them: the target's ids reach/);
    expect(renderMarkdown(errored, cert, 'disco check').split('\n')[2]).toMatch(/^no must clause failed, but the target did not answer well enough/);
  });

  it('lists --no-shrink and --max-failures among the run\'s options, so unshrunk counterexamples are not read as minimal', () => {
    const stopped = renderMarkdown({ ...report, options: { ...report.options, maxFailures: 2, shrink: false } }, cert, 'disco check');
    expect(stopped).toContain('`--max-failures 2 --no-shrink`');
    expect(text).not.toContain('--no-shrink');
  });

  it('is link-free: no Markdown links, no raw HTML, URLs only inside code spans', () => {
    expect(text).not.toMatch(/\]\(/);
    const outsideCode = text.replace(/(`+)[^`]*?\1/g, '');
    expect(outsideCode.replace(/\\./g, '')).not.toMatch(/<[a-z]/i);
    expect(outsideCode).not.toMatch(/https?:\/\//);
  });

  it('escapes markup in plain text and fences code spans around backticks', () => {
    expect(md('a_b *c* <d> [e](f)')).toBe('a\\_b \\*c\\* \\<d\\> \\[e\\]\\(f\\)');
    expect(code('has ` tick')).toBe('``has ` tick``');
    expect(code('`edge')).toBe('`` `edge ``');
  });
});
