import type { SuiteResult } from '../engine/run-suite';
import type { CheckResult } from '../engine/types';

/**
 * JUnit XML: one suite per operation, one test case per scenario and check (the many exchanges a
 * scenario may send are folded into it), a failure element per failed case, skipped scenarios as
 * skipped cases with their reason.
 */
export function junitReport(result: SuiteResult): string {
  const groups = new Map<string, Map<string, CheckResult[]>>();
  for (const r of result.recorder.results) {
    const suite = groups.get(r.operation) ?? new Map<string, CheckResult[]>();
    groups.set(r.operation, suite);
    const key = `${r.scenario} › ${r.check}`;
    suite.set(key, [...(suite.get(key) ?? []), r]);
  }
  const suites: string[] = [];
  let tests = 0;
  let failures = 0;
  let skipped = 0;
  for (const [operation, cases] of groups) {
    const body: string[] = [];
    let suiteFailures = 0;
    let suiteSkipped = 0;
    for (const [name, results] of cases) {
      const failed = results.filter((r) => r.outcome === 'fail');
      const skip = results.find((r) => r.outcome === 'skip');
      const open = `    <testcase classname="${esc(operation)}" name="${esc(name)}">`;
      if (failed.length > 0) {
        suiteFailures++;
        const text = failed
          .map((r) => r.failure)
          .map((f) =>
            f
              ? `${f.message}\nexpected: ${f.expected}\nreceived: ${f.received.status ?? 'no answer'} ${f.received.body}\nreproduce: ${f.curl}`
              : '',
          )
          .join('\n\n');
        body.push(
          open,
          `      <failure message="${esc(failed[0]?.failure?.message.split('\n')[0] ?? '')}" type="spec ${esc(failed[0]?.failure?.rule ?? '')}">${esc(text)}</failure>`,
          '    </testcase>',
        );
      } else if (skip) {
        suiteSkipped++;
        body.push(open, `      <skipped message="${esc(skip.reason ?? '')}"/>`, '    </testcase>');
      } else {
        body.push(`${open}</testcase>`);
      }
    }
    tests += cases.size;
    failures += suiteFailures;
    skipped += suiteSkipped;
    suites.push(
      `  <testsuite name="${esc(operation)}" tests="${cases.size}" failures="${suiteFailures}" skipped="${suiteSkipped}" errors="0">`,
      ...body,
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

function esc(text: string): string {
  // XML 1.0 forbids most control characters even when escaped; drop them.
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
