import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SuiteResult } from '../engine/run-suite';
import { jsonReport } from './json-report';
import { junitReport } from './junit-report';
import type { Summary } from './summarize';

/** Writes junit.xml and conformance.json into the report directory; returns their paths. */
export function writeReports(dir: string, result: SuiteResult, summary: Summary): string[] {
  mkdirSync(dir, { recursive: true });
  const junit = path.join(dir, 'junit.xml');
  const json = path.join(dir, 'conformance.json');
  writeFileSync(junit, junitReport(result));
  writeFileSync(json, `${JSON.stringify(jsonReport(result, summary), null, 2)}\n`);
  return [junit, json];
}
