import { clientFindingsJunitOf } from './client-findings';
import { featureMatrixProperties } from './feature-matrix';
import { esc as escapeXml } from './junit-report';
import type { ConformanceReportJson } from './report-json';

/** One part's junit.xml as its run wrote it (junit-report.ts), absent when its folder holds none. */
export interface JunitPart {
  readonly name: string;
  readonly report: ConformanceReportJson;
  readonly xml: string | undefined;
}

/** The suites every run writes about the whole run: the merge writes them anew from the merged report. */
const RUN_SUITES = new Set(['features', 'warnings', 'client findings', 'not in scope', 'run']);

const SUITE = /^ {2}<testsuite name="([^"]*)"[^>]*>\n([\s\S]*?)^ {2}<\/testsuite>$/gm;
const CASE = /^ {4}<testcase\b[\s\S]*?<\/testcase>$/gm;

/**
 * One junit.xml from the parts' (merge-reports.ts does the same for conformance.json): every test
 * case of every part, under its operation's suite; observed traffic's cases named by their part,
 * as its exchanges are. Each part that stopped early, each missing shard and each part without a
 * junit.xml is an error case (`run › …`), so no CI view shows the merge green. The run's time is
 * the longest part's, as the shards ran side by side.
 */
export function mergeJunit(
  parts: readonly JunitPart[],
  merged: ConformanceReportJson,
  missing: readonly string[],
): string {
  const suites = new Map<string, string[]>();
  const errors: Array<readonly [string, string]> = [];
  for (const { name, report, xml } of parts) {
    if (xml === undefined) errors.push([`${name} has its junit.xml`, `no junit.xml beside ${name}'s conformance.json`]);
    if (report.incomplete) errors.push([`${name} completes`, `${name} stopped early: ${report.incomplete.reason}`]);
    for (const [, suite = '', body = ''] of (xml ?? '').matchAll(SUITE)) {
      if (RUN_SUITES.has(suite)) continue;
      const cases = [...body.matchAll(CASE)].map(([text]) =>
        report.seed === null ? text.replace(/ name="/, ` name="[${escapeXml(name)}] `) : text,
      );
      suites.set(suite, [...(suites.get(suite) ?? []), ...cases]);
    }
  }
  for (const share of missing) errors.push([`shard ${share} reported`, `shard ${share} is not among the reports`]);
  const count = (cases: readonly string[], tag: string): number => cases.filter((c) => c.includes(`<${tag} `)).length;
  const all = [...suites.values()].flat();
  const seconds = (merged.durationMs / 1000).toFixed(3);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="conformance" tests="${all.length + errors.length}" failures="${count(all, 'failure')}" skipped="${count(all, 'skipped')}" errors="${errors.length}" time="${seconds}">`,
    '  <testsuite name="features" tests="0" failures="0" skipped="0" errors="0">',
    '    <properties>',
    ...featureMatrixProperties(merged).map(
      ([k, v]) => `      <property name="${escapeXml(k)}" value="${escapeXml(v)}"/>`,
    ),
    '    </properties>',
    '  </testsuite>',
  ];
  for (const [suite, cases] of suites) {
    const time = cases.reduce((sum, c) => sum + Number(/ time="([\d.]+)"/.exec(c)?.[1] ?? 0), 0);
    lines.push(
      `  <testsuite name="${suite}" tests="${cases.length}" failures="${count(cases, 'failure')}" skipped="${count(cases, 'skipped')}" errors="0" time="${time.toFixed(3)}">`,
      ...cases,
      '  </testsuite>',
    );
  }
  const properties = (suite: string, name: string, values: readonly string[]): string[] =>
    values.length === 0
      ? []
      : [
          `  <testsuite name="${suite}" tests="0" failures="0" skipped="0" errors="0">`,
          '    <properties>',
          ...values.map((v) => `      <property name="${name}" value="${escapeXml(v)}"/>`),
          '    </properties>',
          '  </testsuite>',
        ];
  lines.push(
    ...properties('warnings', 'warning', merged.warnings?.causes.map((c) => c.title) ?? []),
    ...clientFindingsJunitOf(merged.clientFindings, escapeXml),
    ...properties('not in scope', 'not-in-scope', merged.notInScope ?? []),
  );
  if (errors.length > 0)
    lines.push(
      `  <testsuite name="run" tests="${errors.length}" failures="0" skipped="0" errors="${errors.length}" time="${seconds}">`,
      ...errors.map(
        ([name, text]) =>
          `    <testcase classname="run" name="run › ${escapeXml(name)}" time="0.000">\n      <error message="${escapeXml(text)}" type="incomplete">${escapeXml(text)}</error>\n    </testcase>`,
      ),
      '  </testsuite>',
    );
  return [...lines, '</testsuites>', ''].join('\n');
}
