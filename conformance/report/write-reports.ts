import { accessSync, constants, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config/config-error';
import type { SuiteResult } from '../run/run-suite';
import { renderHtmlReport } from './html-report';
import { jsonReport } from './json-report';
import { junitReport } from './junit-report';
import type { Summary } from './summarize';
import { writeFileAtomic } from './write-file-atomic';

/**
 * Writes junit.xml, conformance.json and conformance.html into the report directory, each
 * atomically (a reader never sees half a file); returns their paths.
 */
export function writeReports(dir: string, result: SuiteResult, summary: Summary): string[] {
  mkdirSync(dir, { recursive: true });
  const junit = path.join(dir, 'junit.xml');
  const json = path.join(dir, 'conformance.json');
  const html = path.join(dir, 'conformance.html');
  const report = jsonReport(result, summary);
  writeFileAtomic(junit, junitReport(result, summary));
  writeFileAtomic(json, `${JSON.stringify(report, null, 2)}\n`);
  writeFileAtomic(html, renderHtmlReport(report));
  return [junit, json, html];
}

/**
 * Creates the report directory and proves a file can be written there, before the first request:
 * a run must not find out at its end that its results have nowhere to go.
 */
export function prepareReportDir(dir: string): void {
  const probe = path.join(dir, `.conformance-write-test-${process.pid}`);
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    writeFileAtomic(probe, '');
    rmSync(probe, { force: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    throw new ConfigError(
      `cannot write reports to ${dir} (${code}): give --report-dir (or CONFORMANCE_REPORT_DIR) a folder this user may write`,
    );
  }
}
