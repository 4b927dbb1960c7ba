import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describeReadError } from '../../kit/files/describe-read-error';
import { displayPath } from '../../kit/files/display-path';
import { isRecord } from '../../kit/json/guards';
import { ConfigError } from '../config/config-error';
import { renderHtmlReport } from './html-report';
import { mergeJunit } from './merge-junit';
import { mergeReports, missingShards } from './merge-reports';
import type { ConformanceReportJson } from './report-json';
import { writeFileAtomic } from './write-file-atomic';

/**
 * Reads the conformance.json of each folder (or the file itself), merges them (merge-reports.ts)
 * and writes conformance.json, conformance.html and junit.xml (merge-junit.ts, from the junit.xml
 * beside each conformance.json) into `outDir`; returns the merged report and the paths written. A folder without a readable report is a ConfigError naming it (exit 2).
 */
export function mergeReportFiles(
  inputs: readonly string[],
  outDir: string,
): { report: ConformanceReportJson; files: string[] } {
  if (inputs.length === 0) throw new ConfigError('give the report folders to merge (each holding a conformance.json)');
  const parts = inputs.map((input) => {
    const file = isFolder(input) ? path.join(input, 'conformance.json') : input;
    const junit = path.join(path.dirname(file), 'junit.xml');
    return {
      name: path.basename(path.resolve(isFolder(input) ? input : path.dirname(input))),
      report: readReport(file),
      xml: existsSync(junit) ? readFileSync(junit, 'utf8') : undefined,
    };
  });
  const report = mergeReports(parts);
  mkdirSync(outDir, { recursive: true });
  const json = path.join(outDir, 'conformance.json');
  const html = path.join(outDir, 'conformance.html');
  const junit = path.join(outDir, 'junit.xml');
  writeFileAtomic(json, `${JSON.stringify(report, null, 2)}\n`);
  writeFileAtomic(html, renderHtmlReport(report));
  writeFileAtomic(junit, mergeJunit(parts, report, missingShards(parts.map((p) => p.report))));
  return { report, files: [json, html, junit] };
}

function isFolder(input: string): boolean {
  try {
    return statSync(input).isDirectory();
  } catch {
    return false;
  }
}

function readReport(file: string): ConformanceReportJson {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`${displayPath(file)}: ${describeReadError(error)}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${displayPath(file)}: not JSON: ${(error as Error).message}`);
  }
  const shape = ['totals', 'operations', 'scenarios', 'rootCauses', 'failures', 'features'];
  const lacking = isRecord(parsed) ? shape.filter((key) => parsed[key] === undefined) : shape;
  if (lacking.length > 0)
    throw new ConfigError(`${displayPath(file)}: not a conformance.json (no ${lacking.join(', ')})`);
  return parsed as unknown as ConformanceReportJson;
}
