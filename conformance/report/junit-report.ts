import type { SuiteResult } from '../engine/run-suite';
import type { CheckResult } from '../engine/types';
import type { Summary } from './summarize';
import { featureMatrixProperties, judged } from './feature-matrix';
import { warningTitle } from './root-causes';

/**
 * JUnit XML: one suite per operation and one test case per check result, the unit every report
 * counts, so junit.xml, conformance.json, conformance.html and the terminal agree. A failure is a
 * failure element; a skipped scenario, and a failure the baseline lists, a skipped element with
 * the reason. An incomplete run says why in a property.
 */
export function junitReport(result: SuiteResult, summary: Summary): string {
  const groups = new Map<string, CheckResult[]>();
  for (const r of summary.results) {
    const judgedResult = notJudged(result, r);
    const group = groups.get(r.operation);
    if (group) group.push(judgedResult);
    else groups.set(r.operation, [judgedResult]);
  }
  // The feature matrix first, as in every report: a suite of properties every CI viewer shows.
  const suites: string[] = [
    '  <testsuite name="features" tests="0" failures="0" skipped="0" errors="0">',
    '    <properties>',
    ...featureMatrixProperties(summary.features).map(
      ([name, value]) => `      <property name="${esc(name)}" value="${esc(value)}"/>`,
    ),
    '    </properties>',
    '  </testsuite>',
  ];
  let [tests, failures, skipped] = [0, 0, 0];
  for (const [operation, results] of groups) {
    const seen = new Map<string, number>();
    const body = results.map((r) => {
      const base = `${r.scenario} › ${r.check}`;
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      return testCase(operation, n === 1 ? base : `${base} #${n}`, r);
    });
    const suiteFailures = results.filter((r) => r.outcome === 'fail').length;
    const suiteSkipped = results.filter((r) => r.outcome === 'skip' || r.outcome === 'known').length;
    tests += results.length;
    failures += suiteFailures;
    skipped += suiteSkipped;
    suites.push(
      `  <testsuite name="${esc(operation)}" tests="${results.length}" failures="${suiteFailures}" skipped="${suiteSkipped}" errors="0">`,
      ...body,
      '  </testsuite>',
    );
  }
  if (summary.warnings.length > 0) {
    // JUnit has no warning: a suite of its own, whose properties and output every CI viewer shows.
    suites.push(
      `  <testsuite name="warnings" tests="0" failures="0" skipped="0" errors="0">`,
      '    <properties>',
      ...summary.warnings.map((group) => `      <property name="warning" value="${esc(warningTitle(group))}"/>`),
      '    </properties>',
      `    <system-out>${esc(result.recorder.warnings.map((w) => `${w.scenario}: ${w.message}`).join('\n'))}</system-out>`,
      '  </testsuite>',
    );
  }
  if (result.outOfScope && result.outOfScope.length > 0) {
    suites.push(
      '  <testsuite name="not in scope" tests="0" failures="0" skipped="0" errors="0">',
      '    <properties>',
      ...result.outOfScope.map((op) => `      <property name="not-in-scope" value="${esc(op)}"/>`),
      '    </properties>',
      '  </testsuite>',
    );
  }
  if (result.incomplete) {
    suites.push(
      '  <testsuite name="run" tests="0" failures="0" skipped="0" errors="0">',
      '    <properties>',
      `      <property name="incomplete" value="${esc(result.incomplete.reason)}"/>`,
      '    </properties>',
      '  </testsuite>',
    );
  }
  const seconds = (result.durationMs / 1000).toFixed(3);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="conformance" tests="${tests}" failures="${failures}" skipped="${skipped}" errors="0" time="${seconds}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}

/** A failure the profile does not judge (`--profile openai`) is reported as skipped, saying so. */
function notJudged(result: SuiteResult, r: CheckResult): CheckResult {
  if (r.outcome !== 'fail' || judged(result.config, r.features)) return r;
  const features = (r.features ?? []).join(', ');
  const message = r.failure?.message.split('\n')[0] ?? '';
  return { ...r, outcome: 'skip', reason: `not judged by profile ${result.config.profile} (${features}): ${message}` };
}

function testCase(operation: string, name: string, r: CheckResult): string {
  const open = `    <testcase classname="${esc(operation)}" name="${esc(name)}">`;
  const f = r.failure;
  if (r.outcome === 'fail' && f) {
    const knockOn = f.causedBy
      ? `\nknock-on effect of the ${f.causedBy} failure on the same answer: ${f.cause ?? ''}`
      : '';
    const text = `${f.message}${knockOn}\nexpected: ${f.expected}\nreceived: ${f.received.status ?? 'no answer'} ${f.received.body}\nreproduce: ${f.curl}`;
    return `${open}\n      <failure message="${esc(f.message.split('\n')[0] ?? '')}" type="spec ${esc(f.rule)}">${esc(text)}</failure>\n    </testcase>`;
  }
  if (r.outcome === 'known' && f)
    return `${open}\n      <skipped message="${esc(`known failure (baseline): ${f.message.split('\n')[0] ?? ''}`)}"/>\n    </testcase>`;
  if (r.outcome === 'skip') return `${open}\n      <skipped message="${esc(r.reason ?? '')}"/>\n    </testcase>`;
  return `${open}</testcase>`;
}

function esc(text: string): string {
  // XML 1.0 forbids most control characters even when escaped; drop them.
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
