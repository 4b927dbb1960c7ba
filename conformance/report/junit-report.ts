import type { SuiteResult } from '../run/run-suite';
import type { CheckResult, Failure } from '../engine/types';
import { firstLine, junitCases, notJudgedBy, wallSeconds } from './junit-cases';
import type { FoldedFailure, JunitCase } from './junit-cases';
import type { Summary } from './summarize';
import { featureMatrixProperties, judged } from './feature-matrix';
import { warningTitle } from './root-causes';
import { clientFindingsJunit } from './client-findings';

/** Failures written out in full in one test case; the rest are counted (conformance.json has each). */
const FAILURES_PER_CASE = 20;

/**
 * JUnit XML shaped for CI test views (GitHub's and GitLab's read it): one suite per operation, one
 * test case per scenario (junit-cases.ts), each with its `time`; a failed case holds one failure
 * element that lists every failure of the scenario, knock-on failures under their cause; a
 * skipped scenario, and one whose only failures the baseline lists, a skipped element with the
 * reason. An incomplete run is an error (a test case `run › completes`), so no view shows it green.
 */
export function junitReport(result: SuiteResult, summary: Summary): string {
  // A failure the profile does not judge is a skipped case, saying so.
  const cases = junitCases(result, { ...summary, results: summary.results.map((r) => notJudged(result, r)) });
  const bySuite = new Map<string, JunitCase[]>();
  for (const c of cases) {
    const members = bySuite.get(c.suite);
    if (members) members.push(c);
    else bySuite.set(c.suite, [c]);
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
  for (const [name, members] of bySuite) {
    const count = (outcome: JunitCase['outcome']) => members.filter((c) => c.outcome === outcome).length;
    const seconds = wallSeconds(members);
    suites.push(
      `  <testsuite name="${esc(name)}" tests="${members.length}" failures="${count('fail')}" skipped="${count('skip')}" errors="0" time="${seconds.toFixed(3)}">`,
      ...members.map(testCase),
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
  suites.push(...clientFindingsJunit(result.recorder, summary.clientFindings, esc));
  if (result.outOfScope && result.outOfScope.length > 0) {
    suites.push(
      '  <testsuite name="not in scope" tests="0" failures="0" skipped="0" errors="0">',
      '    <properties>',
      ...result.outOfScope.map((op) => `      <property name="not-in-scope" value="${esc(op)}"/>`),
      '    </properties>',
      '  </testsuite>',
    );
  }
  const seconds = (result.durationMs / 1000).toFixed(3);
  const errors = result.incomplete ? 1 : 0;
  if (result.incomplete) {
    const notRun = cases.filter((c) => c.outcome === 'skip' && c.skipReason?.startsWith('not run')).length;
    const text =
      result.incomplete.kind === 'not-started'
        ? `the run stopped before judging anything: ${notRun} scenario(s) did not run`
        : `the run stopped before its end (${result.incomplete.kind}): the results cover what ran before; ${notRun} scenario(s) did not run`;
    suites.push(
      `  <testsuite name="run" tests="1" failures="0" skipped="0" errors="1" time="${seconds}">`,
      '    <properties>',
      `      <property name="incomplete" value="${esc(result.incomplete.reason)}"/>`,
      '    </properties>',
      `    <testcase classname="run" name="run › completes" time="${seconds}">`,
      `      <error message="${esc(result.incomplete.reason)}" type="incomplete">${esc(text)}</error>`,
      '    </testcase>',
      '  </testsuite>',
    );
  }
  const count = (outcome: JunitCase['outcome']) => cases.filter((c) => c.outcome === outcome).length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="conformance" tests="${cases.length + errors}" failures="${count('fail')}" skipped="${count('skip')}" errors="${errors}" time="${seconds}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}

/** A failure the profile does not judge (`--profile openai`) is reported as skipped, saying so. */
function notJudged(result: SuiteResult, r: CheckResult): CheckResult {
  if (r.outcome !== 'fail' || judged(result.config, r.features, r.operation)) return r;
  const about = judged(result.config, r.features) ? r.operation : (r.features ?? []).join(', ');
  const message = r.failure?.message.split('\n')[0] ?? '';
  return { ...r, outcome: 'skip', reason: `${notJudgedBy(result.config.profile)} (${about}): ${message}` };
}

function testCase(c: JunitCase): string {
  const open = `    <testcase classname="${esc(c.suite)}" name="${esc(c.name)}" time="${c.seconds.toFixed(3)}">`;
  if (c.outcome === 'fail') {
    const [first] = c.failures;
    const more = c.failures.length > 1 ? ` (and ${c.failures.length - 1} more)` : '';
    const shown = c.failures.slice(0, FAILURES_PER_CASE).map(failureText);
    if (c.failures.length > FAILURES_PER_CASE)
      shown.push(`… ${c.failures.length - FAILURES_PER_CASE} more failure(s) in conformance.json`);
    const message = `${firstLine(first?.failure.message ?? '')}${more}`;
    const type = `spec ${first?.failure.rule ?? '-'}`;
    return `${open}\n      <failure message="${esc(message)}" type="${esc(type)}">${esc(shown.join('\n\n'))}</failure>\n    </testcase>`;
  }
  if (c.outcome === 'skip') return `${open}\n      <skipped message="${esc(c.skipReason ?? '')}"/>\n    </testcase>`;
  return `${open}</testcase>`;
}

function failureText({ failure: f, knockOn }: FoldedFailure): string {
  return [
    `${f.check} · spec ${f.rule}: ${f.message}`,
    `expected: ${f.expected}`,
    `received: ${f.received.status ?? 'no answer'} ${f.received.body}`,
    ...(f.curl ? [`reproduce: ${f.curl}`] : []),
    ...knockOn.map((k: Failure) => `  knock-on (same answer): ${k.check}: ${firstLine(k.message)}`),
  ].join('\n');
}

export function esc(text: string): string {
  // XML 1.0 forbids most control characters even when escaped; drop them.
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
