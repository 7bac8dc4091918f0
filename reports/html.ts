import type { CheckResult, ClauseVerdict, RecordedFailure } from '../suites/lib/types.ts';
import { certificateState, type Certification } from './certification.ts';
import { checkHeading, clip, escapeHtml as h, exchangeText, formatDuration, notVerifiedLines, outcomeSentence, outcomeWord, selectionText, stopText, type RunReport } from './model.ts';
import { declaredLines } from './declared.ts';

/**
 * A self-contained HTML page: no external assets, no network (a CSP forbids it), readable when
 * opened from disk or attached to a CI run. The clause matrix filters by status with a few lines
 * of inline script; without script every row stays visible.
 */
export function renderHtml(report: RunReport, cert: Certification, reproduce?: string): string {
  const word = outcomeWord(report);
  const title = `disco conformance: ${report.target.name}`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<title>${h(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header class="banner ${word.toLowerCase()}">
  <h1>${h(title)}</h1>
  <p class="outcome"><strong>${word}</strong> (exit ${report.exitCode}): ${h(outcomeSentence(report))}</p>
${notVerifiedBanner(report)}
</header>
<main>
${runFacts(report, reproduce)}
${counts(report)}
${matrix(report.clauses)}
${failures(report.checks)}
${leftovers(report.leftovers)}
${checkTable(report.checks)}
${certification(cert)}
</main>
<footer>disco ${h(report.tool.version)} · run ${h(report.runId)} · secrets are redacted; curl commands read keys from $DISCO_API_KEY and a redacted header from $DISCO_HEADER_&lt;NAME&gt;</footer>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

/** The binding clauses that were not verified, in the banner: what an incomplete run lacks. */
function notVerifiedBanner(report: RunReport): string {
  const lines = notVerifiedLines(report);
  if (!lines.length) return '';
  return `<details class="not-verified"><summary>${lines.length} not verified</summary><ul>${lines.map((l) => `<li><strong>${h(l.id)}</strong>: ${h(l.reason)}</li>`).join('')}</ul></details>`;
}

function runFacts(report: RunReport, reproduce?: string): string {
  const rows: [string, string][] = [
    ['Target', report.target.name],
    ['Interface B base URL', report.target.baseUrl ?? '(not configured)'],
    ['Interface A base URL', report.target.cdcBaseUrl ?? '(not configured)'],
    ...networkPathRows(report.target),
    ['Profile', `${report.profile}${report.profile === 'spec' ? ' (gap clauses are advisory)' : ' (gap clauses are binding)'}`],
    ['Seed / runs', `${report.seed} / ${report.runs} cases per property`],
    ['Options', [selectionText(report.options) || 'all checks', ...(stopText(report.options) ? [stopText(report.options)] : []), report.options.readOnly ? 'read-only' : 'writes allowed', report.options.rate ? `${report.options.rate} req/s` : 'no rate limit', `timeout ${report.options.timeoutMs} ms`, ...(report.options.allowIncomplete ? ['incomplete allowed'] : [])].join(' · ')],
    ['Started', `${report.startedAt} (${formatDuration(report.durationMs)})`],
  ];
  if (report.interrupted) rows.push(['Interrupted', `by ${report.interrupted}`]);
  return `<section id="run"><dl class="facts">${rows.map(([k, v]) => `<dt>${h(k)}</dt><dd>${h(v)}</dd>`).join('')}</dl>
${reproduce ? `<div class="cmd"><span>Reproduce</span><pre><code>${h(reproduce)}</code></pre><button type="button" class="copy">Copy</button></div>` : ''}</section>`;
}

const VERDICTS = ['fail', 'error', 'not-verified', 'advisory', 'pass'] as const;

function counts(report: RunReport): string {
  const s = report.summary;
  const n: Record<(typeof VERDICTS)[number], number> = { pass: s.pass, fail: s.fail, error: s.error, 'not-verified': s.notVerified, advisory: s.advisory };
  const checks = (v: string) => report.checks.filter((c) => c.verdict === v).length;
  return `<section id="counts" class="counts"><span class="muted counts-label">Clauses</span>${VERDICTS.map((v) => `<div class="count ${v}"><span class="n">${n[v]}</span><span class="l">${label(v)}</span></div>`).join('')}
<p class="muted">Checks: ${report.checks.length} (${checks('pass')} passed, ${checks('fail')} failed, ${checks('error')} errored, ${checks('skip')} skipped)</p></section>`;
}

function label(v: ClauseVerdict['verdict']): string {
  return v === 'not-verified' ? 'not verified' : v;
}

function matrix(clauses: readonly ClauseVerdict[]): string {
  const filters = (['all', ...VERDICTS] as const).map((v) => {
    const n = v === 'all' ? clauses.length : clauses.filter((c) => c.verdict === v).length;
    return `<button type="button" data-filter="${v}"${v === 'all' ? ' aria-pressed="true"' : ''}>${v === 'all' ? 'all' : label(v)} <span>${n}</span></button>`;
  });
  const rows = clauses.map((c) => {
    const verifiers = c.checks.map((id) => `<a href="#check-${anchor(id)}">${h(id)}</a>`);
    const supporters = (c.supporters ?? []).map((id) => `<a href="#check-${anchor(id)}" class="supporter" title="supports, cannot verify">${h(id)}</a>`);
    const checks = verifiers.length || supporters.length ? [...verifiers, ...supporters].join('<br>') : '<span class="muted">none</span>';
    const reasons = c.reasons.length ? `<ul>${c.reasons.map((r) => `<li>${h(r)}</li>`).join('')}</ul>` : '';
    return `<tr class="clause" id="clause-${h(c.id)}" data-status="${c.verdict}">
<td class="id">${h(c.id)}</td><td>${c.kind}${c.binding ? '' : ' <span class="tag">advisory</span>'}</td><td>${h(c.section)}</td>
<td>${h(c.statement)}</td><td><span class="badge ${c.verdict}">${label(c.verdict)}</span></td><td class="checks">${checks}</td><td class="reasons">${reasons}</td></tr>`;
  });
  return `<section id="clauses"><h2>Clauses</h2>
<div class="filters" role="group" aria-label="Filter clauses by status">${filters.join('')}</div>
<table class="matrix" data-filter="all"><thead><tr><th>Clause</th><th>Kind</th><th>§</th><th>Statement</th><th>Status</th><th>Checks</th><th>Reasons</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table></section>`;
}

function failures(checks: readonly CheckResult[]): string {
  const bad = checks.filter((c) => c.verdict === 'fail' || c.verdict === 'error');
  const failuresSection = bad.length
    ? `<section id="failures"><h2>Failures and errors (${bad.length})</h2>\n${bad.map(failureCard).join('\n')}</section>`
    : '<section id="failures"><h2>Failures</h2><p class="muted">None.</p></section>';
  const advising = checks.filter((c) => c.advisories?.length);
  const advisories = advising.length
    ? `<section id="advisories"><h2>Advisory: differences from the simulator's conventions (${advising.length})</h2><p class="muted">Gap clauses: the spec leaves these open, so they are never failures in this profile.</p>
${advising.map((c) => `<article class="failure advisory"><h3><span class="badge advisory">advisory</span> ${h(checkHeading(c))}</h3>${(c.advisories ?? []).map(failureDetail).join('\n')}</article>`).join('\n')}</section>`
    : '';
  return `${failuresSection}\n${advisories}`;
}

function failureCard(check: CheckResult): string {
  const head = `<h3><span class="badge ${check.verdict}">${check.verdict}</span> ${h(checkHeading(check))}</h3>
<p class="muted">${h(check.id)} · ${formatDuration(check.durationMs)} · ${check.requests} request${check.requests === 1 ? '' : 's'}</p>
${check.reason && !check.failures.length ? `<p class="reason">${h(check.reason)}</p>` : ''}`;
  const body = check.failures.map(failureDetail).join('\n');
  const props = check.properties.length && !check.failures.some((f) => f.property) ? `<p class="muted">properties: ${check.properties.map((p) => `seed ${p.seed}, ${p.runs} runs`).join('; ')}</p>` : '';
  return `<article class="failure ${check.verdict}" id="failure-${anchor(check.id)}">${head}${body}${props}${notes(check)}</article>`;
}

function failureDetail(f: RecordedFailure): string {
  const ev: string[] = [];
  if (f.expected !== undefined) ev.push(`<dt>expected</dt><dd><pre>${h(clip(f.expected, 4000))}</pre></dd>`);
  if (f.received !== undefined) ev.push(`<dt>received</dt><dd><pre>${h(clip(f.received, 4000))}</pre></dd>`);
  if (f.property) {
    const p = f.property;
    ev.push(`<dt>property</dt><dd>seed ${p.seed}, ${p.runs} runs${p.path ? `, path ${h(p.path)}` : ''}${p.numShrinks !== undefined ? `, ${p.numShrinks} shrinks` : ''}</dd>`);
    if (p.counterexample) ev.push(`<dt>counterexample</dt><dd><pre>${h(clip(p.counterexample, 4000))}</pre></dd>`);
  }
  const exchange = exchangeText(f);
  return `<div class="detail"><p><strong>${h(f.clause)}</strong>${f.also?.length ? ` (also ${h(f.also.join(', '))})` : ''} ${h(f.message)}</p>
${ev.length ? `<dl class="ev">${ev.join('')}</dl>` : ''}
${exchange ? `<details open><summary>Exchange (redacted)</summary><pre class="exchange">${h(exchange)}</pre></details>` : ''}
${f.curl ? `<div class="cmd"><span>curl</span><pre><code class="curl">${h(f.curl)}</code></pre><button type="button" class="copy">Copy</button></div>` : ''}</div>`;
}

function notes(check: CheckResult): string {
  const lines = [...(check.partial ?? []).map((p) => `covered ${p.clause} in part: ${p.reason}`), ...(check.advisories ?? []).map((a) => `advisory ${a.clause}: ${a.message}`), ...check.notes];
  return lines.length ? `<ul class="notes">${lines.map((n) => `<li>${h(n)}</li>`).join('')}</ul>` : '';
}

function leftovers(items: readonly string[]): string {
  if (!items.length) return '';
  return `<section id="leftovers"><h2>Left over on the target (${items.length})</h2><p>The run created these and could not remove them:</p><ul>${items.map((l) => `<li>${h(l)}</li>`).join('')}</ul></section>`;
}

function checkTable(checks: readonly CheckResult[]): string {
  const rows = checks.map(
    (c) => `<tr id="check-${anchor(c.id)}" data-status="${c.verdict}"><td class="id">${h(c.id)}</td><td>${c.clauses.map((id) => `<a href="#clause-${h(id)}">${h(id)}</a>`).join(' ')}${(c.supports ?? []).map((id) => ` <a href="#clause-${h(id)}" class="supporter" title="supports, cannot verify">${h(id)}</a>`).join('')}</td><td>${h(c.title)}</td>
<td><span class="badge ${c.verdict}">${c.verdict}</span></td><td class="num">${formatDuration(c.durationMs)}</td><td class="num">${c.requests}</td><td>${c.reason ? h(c.reason) : ''}${notes(c)}${c.verdict === 'fail' || c.verdict === 'error' ? ` <a href="#failure-${anchor(c.id)}">details</a>` : ''}</td></tr>`,
  );
  return `<section id="checks"><h2>Checks (${checks.length})</h2>
<table class="checks-table"><thead><tr><th>Check</th><th>Clauses</th><th>Title</th><th>Verdict</th><th>Time</th><th>Requests</th><th>Reason / notes</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table></section>`;
}

/** How the run reached the target beyond its base URLs, as the run facts and the certificate both show it. */
function networkPathRows(target: RunReport['target']): [string, string][] {
  return [
    ...(target.proxy ? [['Through the proxy', target.proxy] as [string, string]] : []),
    ...(target.clientCertificate ? [['Client certificate', target.clientCertificate] as [string, string]] : []),
    ...(target.headers ? [['Headers added to every request', `${target.headers.join(', ')} (values not shown)`] as [string, string]] : []),
  ];
}

function certification(cert: Certification): string {
  const rows: [string, string][] = [
    ['Certificate', certificateState(cert)],
    ['Outcome', `${cert.outcome}${cert.complete ? '' : ' (partial or interrupted run)'}`],
    ['Suite', `disco ${cert.suite.version}${cert.suite.commit ? ` at ${cert.suite.commit}${cert.suite.dirty ? ' (with local changes)' : ''}` : ''}`],
    ['Target', [...new Set([cert.target.name, cert.target.baseUrl, cert.target.cdcBaseUrl].filter(Boolean))].join(' · ')],
    ...networkPathRows(cert.target),
    ...(cert.target.declared ? [['The target document declared', declaredLines(cert.target.declared).join(' · ')] as [string, string]] : []),
    ...announcedRows(cert),
    ['Profile / seed / runs', `${cert.profile} / ${cert.seed} / ${cert.runs}`],
    ...(cert.casesCutShort?.length ? [['Cases cut short by a property\'s time limit', cert.casesCutShort.map((c) => `${c.check} ran ${c.ran} of ${c.asked}`).join(' · ')] as [string, string]] : []),
    ['Date', cert.date],
    ['Digest', `sha256 ${cert.digest.value}`],
  ];
  return `<section id="certification"><h2>Certification</h2>
<dl class="facts">${rows.map(([k, v]) => `<dt>${h(k)}</dt><dd${k === 'Digest' ? ' class="digest"' : ''}>${h(v)}</dd>`).join('')}</dl>
<p class="muted">The digest is the SHA-256 of certification.json without its <code>digest</code> and <code>signature</code> members, as canonical JSON (RFC 8785): <code>jq -cS 'del(.digest, .signature)' certification.json | tr -d '\\n' | sha256sum</code>. <code>disco verify-cert certification.json --public-key KEY</code> checks a signed certificate.</p></section>`;
}

function announcedRows(cert: Certification): [string, string][] {
  const said = cert.target.announced;
  if (!said) return [];
  const one = (a: { server?: string; apiVersion?: string } | undefined) => [a?.server ? `Server: ${a.server}` : '', a?.apiVersion ? `API version: ${a.apiVersion}` : ''].filter(Boolean).join(' · ');
  return [
    ...(said.interfaceB ? [['Interface B says', one(said.interfaceB)] as [string, string]] : []),
    ...(said.interfaceA ? [['Interface A says', one(said.interfaceA)] as [string, string]] : []),
  ];
}

function anchor(id: string): string {
  return id.replace(/[^A-Za-z0-9_-]/g, '_');
}

const STYLE = `
:root{--pass:#1a7f37;--fail:#cf222e;--error:#9a6700;--skip:#57606a;--nc:#8250df;--adv:#0969da;--bg:#fff;--fg:#1f2328;--muted:#656d76;--line:#d0d7de;--soft:#f6f8fa}
*{box-sizing:border-box}body{margin:0;font:14px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg)}
header.banner{padding:16px 24px;color:#fff}header.banner h1{margin:0 0 4px;font-size:20px}header.banner p{margin:0}
.banner.conformant{background:var(--pass)}.banner.fail{background:var(--fail)}.banner.error{background:var(--error)}.banner.incomplete{background:var(--nc)}.banner.interrupted{background:var(--skip)}
.banner details{margin-top:6px}.banner summary{cursor:pointer;color:#fff}.banner ul{margin:4px 0 0;padding-left:18px}
main{padding:8px 24px 24px;max-width:1400px}h2{margin:28px 0 10px;font-size:17px;border-bottom:1px solid var(--line);padding-bottom:4px}h3{font-size:15px;margin:0 0 4px}
.muted{color:var(--muted)}.facts{display:grid;grid-template-columns:max-content 1fr;gap:2px 16px;margin:12px 0}.facts dt{color:var(--muted)}.facts dd{margin:0;overflow-wrap:anywhere}
.counts{display:flex;flex-wrap:wrap;gap:10px;align-items:center;margin:14px 0}.count{border:1px solid var(--line);border-radius:6px;padding:6px 14px;min-width:92px;text-align:center;border-top:4px solid}
.count .n{display:block;font-size:22px;font-weight:600}.count .l{color:var(--muted)}.count.pass{border-top-color:var(--pass)}.count.fail{border-top-color:var(--fail)}.count.error{border-top-color:var(--error)}.count.skip{border-top-color:var(--skip)}.count.not-verified{border-top-color:var(--nc)}.count.advisory{border-top-color:var(--adv)}
.counts p{flex-basis:100%;margin:0}.counts-label{writing-mode:vertical-rl;transform:rotate(180deg);font-size:12px}
.badge{display:inline-block;padding:0 8px;border-radius:10px;color:#fff;font-size:12px;font-weight:600;white-space:nowrap}
.badge.pass{background:var(--pass)}.badge.fail{background:var(--fail)}.badge.error{background:var(--error)}.badge.skip{background:var(--skip)}.badge.not-verified{background:var(--nc)}.badge.advisory{background:var(--adv)}
a.supporter{color:var(--muted);font-style:italic}
.tag{font-size:11px;border:1px solid var(--line);border-radius:8px;padding:0 5px;color:var(--muted)}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid var(--line);padding:5px 8px;text-align:left;vertical-align:top}th{background:var(--soft);position:sticky;top:0}
td.id{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;white-space:nowrap}td.num{text-align:right;white-space:nowrap}td.checks{font-size:12px;white-space:nowrap}td.reasons ul{margin:0;padding-left:16px;font-size:12px}
tr[data-status=fail] td.id{border-left:3px solid var(--fail)}tr[data-status=error] td.id{border-left:3px solid var(--error)}
.matrix[data-filter=pass] tr.clause:not([data-status=pass]),.matrix[data-filter=fail] tr.clause:not([data-status=fail]),.matrix[data-filter=error] tr.clause:not([data-status=error]),.matrix[data-filter=not-verified] tr.clause:not([data-status=not-verified]),.matrix[data-filter=advisory] tr.clause:not([data-status=advisory]){display:none}
.filters{display:flex;gap:6px;flex-wrap:wrap;margin:6px 0 10px}.filters button{border:1px solid var(--line);background:var(--soft);border-radius:14px;padding:2px 12px;cursor:pointer;font:inherit}.filters button[aria-pressed=true]{background:var(--fg);color:#fff}
.filters button span{opacity:.75}
article.failure{border:1px solid var(--line);border-left:4px solid var(--fail);border-radius:6px;padding:12px 14px;margin:12px 0}article.failure.error{border-left-color:var(--error)}article.failure.advisory{border-left-color:var(--adv)}
.reason{font-weight:500}.detail{margin-top:10px}.ev{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:6px 0}.ev dt{color:var(--muted)}.ev dd{margin:0}
pre{margin:0;background:var(--soft);border:1px solid var(--line);border-radius:6px;padding:8px 10px;overflow:auto;white-space:pre-wrap;overflow-wrap:anywhere;font:12px/1.45 ui-monospace,SFMono-Regular,Menlo,monospace;max-height:420px}
details{margin:8px 0}summary{cursor:pointer;color:var(--muted)}
.cmd{display:flex;gap:8px;align-items:flex-start;margin:8px 0}.cmd>span{color:var(--muted);min-width:72px;padding-top:8px}.cmd pre{flex:1}.copy{border:1px solid var(--line);background:var(--soft);border-radius:6px;padding:4px 10px;cursor:pointer}
ul.notes{margin:4px 0 0;padding-left:16px;color:var(--muted);font-size:12px}.digest{font-family:ui-monospace,monospace;overflow-wrap:anywhere}
footer{padding:12px 24px;color:var(--muted);border-top:1px solid var(--line);font-size:12px}
`;

const SCRIPT = `
document.querySelectorAll('.filters button').forEach(function (b) {
  b.addEventListener('click', function () {
    document.querySelector('table.matrix').setAttribute('data-filter', b.dataset.filter);
    document.querySelectorAll('.filters button').forEach(function (o) { o.setAttribute('aria-pressed', String(o === b)); });
  });
});
document.querySelectorAll('button.copy').forEach(function (b) {
  b.addEventListener('click', function () {
    var text = b.parentElement.querySelector('pre').textContent;
    var done = function () { b.textContent = 'Copied'; setTimeout(function () { b.textContent = 'Copy'; }, 1500); };
    if (navigator.clipboard) navigator.clipboard.writeText(text).then(done, function () {});
  });
});
`;
