import type { Failure, Outcome } from '../engine/types';
import type { ConformanceReportJson, RootCauseJson } from './report-json';
import type { Tally } from './summarize';
import { featureMatrixHtml } from './feature-matrix';
import { clientFindingsHtml } from './client-findings';

export type { ConformanceReportJson } from './report-json';

/** Bodies longer than this are cut in the page (conformance.json keeps what the suite kept). */
const BODY_SHOWN = 4_000;

/**
 * conformance.html: one self-contained page (inline CSS, no script, no network) that a reader
 * opens from the report directory: the verdict, the operations-by-checks matrix, status
 * coverage, every failure with its request, answer and a curl line to reproduce it, and skips.
 */
export function renderHtmlReport(result: ConformanceReportJson): string {
  const verdict = verdictLine(result);
  const anchors = failureAnchors(result.failures);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(`${verdict} · Model Gateway API conformance`)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>Model Gateway API conformance</h1>
<p class="verdict ${result.passed ? 'pass' : 'fail'}" id="verdict">${esc(verdict)}</p>
<dl class="facts">
${fact('Target', `${result.target.baseUrl} (${result.target.source})`)}
${fact('Model', result.target.embeddingsModel ? `${result.target.model}; embeddings ${result.target.embeddingsModel}` : result.target.model)}
${result.seed === null ? fact('Traffic', 'observed: sent by clients through the proxy, not by the suite') : fact('Seed', `${result.seed} (replay: npm run conformance -- --seed ${result.seed})`)}
${fact('Run', `${result.startedAt}, ${(result.durationMs / 1000).toFixed(1)} s, ${result.requests} requests, ${result.scenarios.length} scenarios`)}
${result.kept ? fact('Kept', keptLine(result.kept)) : ''}
${result.notInScope && result.notInScope.length > 0 ? fact('Not in scope', `${result.notInScope.join(', ')} (left out by --only: not asked, not judged)`) : ''}
</dl>
${result.incomplete ? `<p class="incomplete" id="incomplete">INCOMPLETE: ${esc(result.incomplete.reason)}. The results below cover what ran before it stopped.</p>` : ''}
<nav><a href="#features">Features</a> · <a href="#root-causes">Root causes (${result.rootCauses.length})</a> · <a href="#matrix">Operations by checks</a> · <a href="#coverage">Status coverage</a>${result.coverage ? ' · <a href="#exercised">Coverage</a>' : ''} · <a href="#failures">Failures (${result.failures.length})</a>${result.warnings ? ` · <a href="#warnings">Warnings (${result.warnings.count})</a>` : ''}${result.clientFindings ? ` · <a href="#client-findings">Client findings (${result.clientFindings.count})</a>` : ''} · <a href="#skipped">Skipped (${result.scenarios.filter((s) => s.outcome === 'skip').length})</a> · <a href="#scenarios">Scenarios</a></nav>
</header>
<main>
${featureMatrixHtml(result, esc)}
${rootCausesSection(result)}
${warningsSection(result)}
${clientFindingsHtml(result.clientFindings, esc)}
${baselineSection(result)}
${matrixSection(result, anchors)}
${coverageSection(result)}
${exercisedSection(result)}
${failuresSection(result.failures)}
${skippedSection(result)}
${scenariosSection(result)}
</main>
<footer>Rendered from conformance.json (${esc(result.suite)}). Each failure names the rule of spec/openapi.yaml it enforces; the curl lines read the keys from $API_KEY and $MANAGEMENT_KEY.</footer>
</body>
</html>
`;
}

/** What the traffic exercised of the document and what it never did (report/coverage.ts). */
function exercisedSection(result: ConformanceReportJson): string {
  const coverage = result.coverage;
  if (!coverage) return '';
  const row = (what: string, list: { exercised: readonly string[]; never: readonly string[] }): string =>
    `<tr><th scope="row">${esc(what)}</th><td>${list.exercised.length} of ${list.exercised.length + list.never.length}</td>` +
    `<td>${list.exercised.map((x) => `<span class="pass">${esc(x)}</span>`).join(', ') || '—'}</td>` +
    `<td>${list.never.map((x) => `<span class="skip">${esc(x)}</span>`).join(', ') || '—'}</td></tr>`;
  const undocumented = coverage.eventTypes.undocumented;
  return `<section id="exercised">
<h2>Coverage</h2>
<p class="legend">What the traffic exercised of the document, and what it never did.${undocumented.length > 0 ? ` Stream event types seen that the document does not name: ${esc(undocumented.join(', '))}.` : ''}</p>
<table class="exercised"><thead><tr><th scope="col">Of the document</th><th scope="col">Exercised</th><th scope="col">Which</th><th scope="col">Never</th></tr></thead>
<tbody>
${row('operations', coverage.operations)}
${row('features', coverage.features)}
${row('stream event types', coverage.eventTypes)}
</tbody></table></section>`;
}

function matrixSection(result: ConformanceReportJson, anchors: ReadonlyMap<string, number>): string {
  const operations = Object.keys(result.operations);
  const checks = [...new Set(operations.flatMap((op) => Object.keys(result.operations[op]?.checks ?? {})))];
  const head = operations.map((op) => `<th scope="col">${esc(op)}</th>`).join('');
  const rows = checks.map((check) => {
    const cells = operations.map((op) =>
      matrixCell(op, check, result.operations[op]?.checks[check], anchors.get(`${op}\n${check}`)),
    );
    return `<tr><th scope="row">${esc(check)}</th>${cells.join('')}</tr>`;
  });
  return `<section id="matrix">
<h2>Operations by checks</h2>
<p class="legend">Each cell counts the verdicts of one check on one operation: <span class="pass">✓ passed</span>, <span class="fail">✗ failed</span> (links to the first failure), <span class="known">! known</span> (failures the baseline lists), <span class="skip">~ skipped</span>; — the check did not apply.</p>
<table class="matrix"><thead><tr><th scope="col">Check</th>${head}</tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table>
</section>`;
}

function matrixCell(operation: string, check: string, tally: Tally | undefined, failure: number | undefined): string {
  if (!tally) return '<td class="none" title="not exercised">—</td>';
  const parts: string[] = [];
  if (tally.fail > 0)
    parts.push(failure === undefined ? `✗ ${tally.fail}` : `<a href="#failure-${failure}">✗ ${tally.fail}</a>`);
  if (tally.known > 0) parts.push(`! ${tally.known}`);
  if (tally.pass > 0) parts.push(`✓ ${tally.pass}`);
  if (tally.skip > 0) parts.push(`~ ${tally.skip}`);
  const status = tally.fail > 0 ? 'fail' : tally.known > 0 ? 'known' : tally.pass > 0 ? 'pass' : 'skip';
  const title = `${operation} × ${check}: ${tally.pass} passed, ${tally.fail} failed, ${tally.known} known, ${tally.skip} skipped`;
  return `<td class="${status}" title="${esc(title)}">${parts.join(' ')}</td>`;
}

function coverageSection(result: ConformanceReportJson): string {
  const rows = Object.entries(result.operations).map(([op, { statuses }]) => {
    if (!statuses) return `<tr><th scope="row">${esc(op)}</th><td colspan="4">no status data</td></tr>`;
    const list = (values: readonly string[], cls: string) =>
      values.length === 0
        ? '<span class="none">none</span>'
        : values.map((v) => `<span class="chip ${cls}">${esc(v)}</span>`).join(' ');
    return (
      `<tr><th scope="row">${esc(op)}</th><td>${statuses.observed.length} of ${statuses.documented.length}</td>` +
      `<td>${list(statuses.observed, 'pass')}</td><td>${list(statuses.never, 'skip')}</td><td>${list(statuses.undocumented, 'fail')}</td></tr>`
    );
  });
  return `<section id="coverage">
<h2>Status coverage</h2>
<p class="legend">Which documented statuses the run provoked. A status the operation does not document is also a failure.</p>
<table class="coverage"><thead><tr><th scope="col">Operation</th><th scope="col">Observed</th><th scope="col">Documented and seen</th><th scope="col">Documented, never seen</th><th scope="col">Seen, not documented</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table>
</section>`;
}

function rootCausesSection(result: ConformanceReportJson): string {
  if (result.rootCauses.length === 0)
    return '<section id="root-causes"><h2>Root causes (0)</h2><p>No check failed.</p></section>';
  return `<section id="root-causes">
<h2>Root causes (${result.rootCauses.length})</h2>
<p class="legend">Failures grouped by cause, biggest first: fix one and its failures go, knock-on effects on the same answers included. The full list follows below.</p>
<ol class="causes">
${result.rootCauses.map(rootCauseItem).join('\n')}
</ol>
</section>`;
}

function rootCauseItem(group: RootCauseJson): string {
  const where = `${group.checks.join(', ')} · ${group.operations.join(', ')} · ${group.scenarioCount} scenario${group.scenarioCount === 1 ? '' : 's'}`;
  return `<li class="${group.known || group.judged === false ? 'known' : 'fail'}"><strong>${esc(group.title)}</strong>${group.known ? ' <span class="chip known">known</span>' : ''}${group.judged === false ? ' <span class="chip known">not judged</span>' : ''}
<div class="where">${esc(where)} · <a href="#failure-${group.example + 1}">example</a></div>
<pre class="curl">${esc(group.curl || 'not reproducible with curl')}</pre></li>`;
}

function warningsSection(result: ConformanceReportJson): string {
  const warnings = result.warnings;
  if (!warnings) return '';
  const causes = warnings.causes.map((c) => `<li class="known"><strong>${esc(c.title)}</strong></li>`);
  const each = warnings.findings.map((w) => `<li><code>${esc(w.scenario)}</code>: ${esc(w.message)}</li>`);
  return `<section id="warnings"><h2>Warnings (${warnings.count})</h2>
<p class="legend">Counted, shown, not failing the run.</p>
<ol class="causes">${causes.join('')}</ol>
<details><summary>Each one</summary><ul>${each.join('')}</ul></details>
</section>`;
}

function baselineSection(result: ConformanceReportJson): string {
  const b = result.baseline;
  if (!b) return '';
  const list = (title: string, causes: readonly string[]) =>
    causes.length === 0
      ? ''
      : `<h3>${esc(title)} (${causes.length})</h3><ul>${causes.map((c) => `<li>${esc(c)}</li>`).join('')}</ul>`;
  return `<section id="baseline"><h2>Baseline ${esc(b.file)}</h2>
${list('New: not in the baseline, these fail the run', b.added)}${list('Known: listed in the baseline', b.known)}${list('Fixed: listed, but gone (run --baseline-update to drop them)', b.fixed)}
</section>`;
}

function failuresSection(failures: ConformanceReportJson['failures']): string {
  if (failures.length === 0) return '<section id="failures"><h2>Failures (0)</h2><p>No check failed.</p></section>';
  return `<section id="failures">
<h2>Failures (${failures.length})</h2>
${failures.map((failure, index) => failureArticle(failure, index + 1)).join('\n')}
</section>`;
}

function failureArticle(f: Failure & { readonly known?: boolean }, n: number): string {
  const received =
    f.received.status === undefined
      ? 'no answer'
      : `${f.received.status} ${f.received.headers['content-type'] ?? ''}`.trim();
  const headers = Object.entries(f.request.headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
  const sent =
    f.request.rawBody ?? (f.request.body === undefined ? undefined : JSON.stringify(f.request.body, null, 2));
  const body = sent === undefined ? '' : `\n\n${cut(sent)}`;
  return `<article class="failure" id="failure-${n}">
<h3>${n}. ${esc(f.check)} <span class="where">${esc(f.operation)} · ${esc(f.scenario)} · spec ${esc(f.rule)}</span>${f.known ? ' <span class="chip known">known</span>' : ''}</h3>
<dl>
${f.causedBy ? `<dt>Knock-on effect</dt><dd>of the ${esc(f.causedBy)} failure on the same answer: ${esc(f.cause ?? '')}</dd>` : ''}
<dt>What went wrong</dt><dd><pre class="message">${esc(f.message)}</pre></dd>
<dt>The contract says</dt><dd>${esc(f.expected)}</dd>
<dt>Received</dt><dd><p>${esc(received)}</p><pre class="body">${esc(cut(f.received.body))}</pre></dd>
<dt>Request</dt><dd><pre class="request">${esc(`${f.request.method} ${f.request.url}\n${headers}${body}`)}</pre></dd>
<dt>Reproduce</dt><dd><pre class="curl">${esc(f.curl || 'not reproducible with curl (see the request above)')}</pre></dd>
</dl>
</article>`;
}

function skippedSection(result: ConformanceReportJson): string {
  const skipped = result.scenarios.filter((s) => s.outcome === 'skip');
  const items = skipped.map((s) => `<li><code>${esc(s.id)}</code>: ${esc(s.skipReason ?? 'skipped')}</li>`);
  return `<section id="skipped"><h2>Skipped (${skipped.length})</h2>${skipped.length === 0 ? '<p>Nothing was skipped.</p>' : `<ul>${items.join('')}</ul>`}</section>`;
}

function scenariosSection(result: ConformanceReportJson): string {
  const rows = result.scenarios.map(
    (s) =>
      `<tr class="${s.outcome}"><td>${OUTCOME_MARK[s.outcome]}</td><td><code>${esc(s.id)}</code></td><td>${esc(s.operation)}</td><td>${esc(s.title)}</td></tr>`,
  );
  return `<section id="scenarios"><details><summary><h2>Scenarios (${result.scenarios.length})</h2></summary>
<table class="scenarios"><thead><tr><th scope="col">Outcome</th><th scope="col">Scenario</th><th scope="col">Operation</th><th scope="col">What it checks</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table></details></section>`;
}

const OUTCOME_MARK: Readonly<Record<Outcome, string>> = {
  pass: '✓ pass',
  fail: '✗ fail',
  known: '! known',
  skip: '~ skip',
};

/**
 * `FAIL: 10 passed, 2 failed, 3 known, 1 skipped`, as the terminal prints it; failures the profile
 * does not judge are counted apart: `PASS: 10 passed, 2 failed (2 in features the profile does not judge), …`.
 */
export function verdictLine(
  result: Pick<ConformanceReportJson, 'passed' | 'totals' | 'complete'> & { readonly failing?: number },
): string {
  const { pass, fail, skip, known } = result.totals;
  const word = !result.complete ? 'INCOMPLETE' : result.passed ? 'PASS' : 'FAIL';
  const failing = result.failing ?? fail;
  const failed =
    failing === fail ? `${fail} failed` : `${fail} failed (${fail - failing} in features the profile does not judge)`;
  return `${word}: ${pass} passed, ${failed}, ${known > 0 ? `${known} known, ` : ''}${skip} skipped`;
}

/** The first failure of each (operation, check) pair, so a matrix cell can link to it. */
function failureAnchors(failures: ConformanceReportJson['failures']): Map<string, number> {
  const anchors = new Map<string, number>();
  failures.forEach((f, index) => {
    const key = `${f.operation}\n${f.check}`;
    if (!anchors.has(key)) anchors.set(key, index + 1);
  });
  return anchors;
}

/** What a report of observed traffic lists and what it only counts. */
function keptLine(kept: NonNullable<ConformanceReportJson['kept']>): string {
  const { exchanges, examplesPerCause } = kept.limits;
  const ungrouped = kept.failuresUngrouped > 0 ? `, ${kept.failuresUngrouped} in no root cause (too many causes)` : '';
  return (
    `${kept.exchangesListed} exchanges listed (the first ${exchanges}, then up to ${examplesPerCause} per root cause), ` +
    `${kept.exchangesCounted} only counted; ${kept.failuresListed} failures listed, ${kept.failuresCounted} only counted${ungrouped}`
  );
}

function fact(name: string, value: string): string {
  return `<div><dt>${esc(name)}</dt><dd>${esc(value)}</dd></div>`;
}

function cut(text: string): string {
  return text.length > BODY_SHOWN
    ? `${text.slice(0, BODY_SHOWN)}\n… ${text.length - BODY_SHOWN} more characters in conformance.json`
    : text;
}

function esc(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `
:root{--pass:#1a7f37;--pass-bg:#e6f4ea;--fail:#b42318;--fail-bg:#fde8e6;--skip:#6b6f76;--skip-bg:#f1f2f4;--known:#8a5a00;--known-bg:#fff4d6;--line:#d6d9de}
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;margin:0 auto;max-width:1200px;padding:1.5rem}
h1{margin:0 0 .5rem;font-size:1.6rem}h2{font-size:1.25rem;margin:2rem 0 .5rem}h3{font-size:1.05rem;margin:0 0 .5rem}
.verdict{display:inline-block;font-weight:700;font-size:1.15rem;padding:.35rem .8rem;border-radius:6px;margin:.25rem 0 1rem}
.verdict.pass{color:var(--pass);background:var(--pass-bg)}.verdict.fail{color:var(--fail);background:var(--fail-bg)}
.incomplete{font-weight:700;color:var(--fail);border:2px solid var(--fail);border-radius:6px;padding:.5rem .8rem}
ol.causes li{margin:0 0 .75rem}ol.causes .where{color:var(--skip);font-size:.9rem}li.known{color:var(--skip)}
td.known{color:var(--known);background:var(--known-bg)}span.known{color:var(--known)}.chip.known{background:var(--known-bg)}
.facts{display:grid;grid-template-columns:repeat(auto-fit,minmax(260px,1fr));gap:.25rem 1.5rem;margin:0 0 1rem}
.facts dt{font-size:.8rem;color:var(--skip);text-transform:uppercase;letter-spacing:.03em}.facts dd{margin:0;overflow-wrap:anywhere}
nav{padding:.5rem 0;border-bottom:1px solid var(--line)}
table{border-collapse:collapse;width:100%;margin:.5rem 0}th,td{border:1px solid var(--line);padding:.3rem .5rem;text-align:left;vertical-align:top}
thead th{background:#f6f8fa;position:sticky;top:0}
.matrix td{text-align:center;white-space:nowrap;font-variant-numeric:tabular-nums}
td.pass{color:var(--pass);background:var(--pass-bg)}td.fail{color:var(--fail);background:var(--fail-bg);font-weight:700}
td.skip{color:var(--skip);background:var(--skip-bg)}td.none{color:#9aa0a6}
td.fail a{color:inherit}.legend{color:var(--skip);font-size:.9rem}
span.pass{color:var(--pass)}span.fail{color:var(--fail)}span.skip{color:var(--skip)}span.none{color:#9aa0a6}
.chip{display:inline-block;padding:0 .4rem;border-radius:4px;margin:0 .15rem .15rem 0;font-variant-numeric:tabular-nums}
.chip.pass{background:var(--pass-bg)}.chip.skip{background:var(--skip-bg)}.chip.fail{background:var(--fail-bg);font-weight:700}
.failure{border:1px solid var(--line);border-left:4px solid var(--fail);border-radius:6px;padding:.75rem 1rem;margin:0 0 1rem}
.failure .where{font-weight:400;color:var(--skip);font-size:.9rem}.failure dt{font-weight:600;margin-top:.5rem}.failure dd{margin:.15rem 0 0}
pre{background:#f6f8fa;border:1px solid var(--line);border-radius:4px;padding:.5rem;margin:.25rem 0;white-space:pre-wrap;word-break:break-all;font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace}
pre.message{background:var(--fail-bg);border-color:#f5c2bd}
details summary h2{display:inline}tr.fail td{background:var(--fail-bg)}tr.skip td{color:var(--skip)}
.features td.num{text-align:right;font-variant-numeric:tabular-nums}tr.supported .status{color:var(--pass);background:var(--pass-bg)}
tr.broken .status{color:var(--fail);background:var(--fail-bg);font-weight:700}tr.unsupported .status,tr.partial .status,tr.not-tested .status{color:var(--skip);background:var(--skip-bg)}
footer{margin-top:2rem;color:var(--skip);font-size:.85rem}
@media print{thead th{position:static}.failure{break-inside:avoid}}
`;
