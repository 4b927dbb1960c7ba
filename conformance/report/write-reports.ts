import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SuiteResult } from '../engine/run-suite';
import { renderHtmlReport } from './html-report';
import { jsonReport } from './json-report';
import { junitReport } from './junit-report';
import type { Summary } from './summarize';

/** Writes junit.xml, conformance.json and conformance.html into the report directory; returns their paths. */
export function writeReports(dir: string, result: SuiteResult, summary: Summary): string[] {
  mkdirSync(dir, { recursive: true });
  const junit = path.join(dir, 'junit.xml');
  const json = path.join(dir, 'conformance.json');
  const html = path.join(dir, 'conformance.html');
  const report = jsonReport(result, summary);
  writeFileSync(junit, junitReport(result));
  writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(html, renderHtmlReport(report));
  return [junit, json, html];
}
