import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { displayPath } from '../../kit/files/display-path';
import { causeOf } from '../engine/failure-cause';
import type { ConformanceReportJson } from './report-json';
import { writeFileAtomic } from './write-file-atomic';

/** The rules of client findings (`client/request-valid`), apart from the gateway's checks' rule ids. */
const CLIENT_RULE_PREFIX = 'client/';

/** SARIF 2.1.0 (OASIS), the shape code-scanning views (GitHub's, IDEs) read. */
const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

interface SarifResult {
  readonly ruleId: string;
  readonly level: 'error' | 'warning' | 'note';
  readonly message: { readonly text: string };
  readonly locations: readonly unknown[];
  readonly partialFingerprints: Readonly<Record<string, string>>;
  readonly properties: Readonly<Record<string, unknown>>;
}

/**
 * The report's findings as SARIF 2.1.0: one result per root cause (what to fix, once, as the
 * reports group them), its example's message and reproduction, located at the operation's
 * `operationId` line in the spec, fingerprinted by the cause (stable across runs and seeds, so a
 * code-scanning view tracks it from run to run). Known failures (the baseline's) are notes;
 * warnings are warnings. Client findings (observed traffic's requests that break the contract)
 * are warnings under rules of their own, `client/<check>`, so a view never files them as the
 * gateway's failures. From the suite, the proxy, verify and merged reports alike.
 */
export function sarifReport(report: ConformanceReportJson, specPath: string): unknown {
  const spec = specLines(specPath);
  const uri = displayPath(specPath).split(path.sep).join('/');
  const location = (operation: string): unknown[] => [
    {
      physicalLocation: { artifactLocation: { uri }, region: { startLine: spec.get(operation) ?? 1 } },
      logicalLocations: [{ name: operation, kind: 'function' }],
    },
  ];
  const rules = new Set<string>();
  const results: SarifResult[] = report.rootCauses.map((group) => {
    const example = report.failures[group.example];
    const ruleId = group.checks[0] ?? 'conformance';
    rules.add(ruleId);
    const operation = group.operations[0] ?? '-';
    return {
      ruleId,
      // A known failure (the baseline's) or one the profile does not judge fails nothing: a note.
      level: group.known || !group.judged ? 'note' : 'error',
      message: {
        text: `${group.title}${example ? `\n${example.operation} · ${example.scenario}: ${example.message}\nexpected: ${example.expected}` : ''}`,
      },
      locations: location(operation),
      partialFingerprints: { 'rootCause/v1': fingerprint(group.cause) },
      properties: {
        cause: group.cause,
        failures: group.failures,
        knockOn: group.knockOn,
        checks: group.checks,
        operations: group.operations,
        scenarioCount: group.scenarioCount,
        reproduction: group.curl,
      },
    };
  });
  for (const cause of report.warnings?.causes ?? []) {
    const example = report.warnings?.findings.find((f) => causeOf(f) === cause.cause);
    const ruleId = example?.check ?? 'conformance-warning';
    rules.add(ruleId);
    results.push({
      ruleId,
      level: 'warning',
      message: { text: cause.title },
      locations: location(example?.operation ?? '-'),
      partialFingerprints: { 'rootCause/v1': fingerprint(cause.cause) },
      properties: { cause: cause.cause, count: cause.count },
    });
  }
  const clientRules = new Set<string>();
  for (const cause of report.clientFindings?.causes ?? []) {
    const example = report.clientFindings?.findings.find((f) => causeOf(f) === cause.cause);
    const ruleId = `${CLIENT_RULE_PREFIX}${example?.check ?? 'request'}`;
    rules.add(ruleId);
    clientRules.add(ruleId);
    results.push({
      ruleId,
      level: 'warning',
      message: {
        text: `${cause.title}${example ? `\n${example.operation} · ${example.scenario}: ${example.message}` : ''}`,
      },
      locations: location(example?.operation ?? '-'),
      partialFingerprints: { 'rootCause/v1': fingerprint(`${CLIENT_RULE_PREFIX}${cause.cause}`) },
      properties: { side: 'client', cause: cause.cause, count: cause.count, reproduction: example?.curl ?? '' },
    });
  }
  const described = (id: string): string =>
    clientRules.has(id)
      ? `client finding: a request breaks the contract (check ${id.slice(CLIENT_RULE_PREFIX.length)})`
      : `conformance check ${id}`;
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: report.suite,
            informationUri: 'https://www.npmjs.com/package/model-gateway-mock',
            rules: [...rules].map((id) => ({ id, name: id, shortDescription: { text: described(id) } })),
          },
        },
        automationDetails: { id: `${report.target.source}/` },
        invocations: [
          {
            executionSuccessful: report.complete,
            properties: { target: report.target.baseUrl, totals: report.totals, passed: report.passed },
          },
        ],
        results: results.map((result) => ({ ...result, ruleIndex: [...rules].indexOf(result.ruleId) })),
      },
    ],
  };
}

/** Writes `sarifReport` to `file` (atomically, its folder made); returns the path. */
export function writeSarif(file: string, report: ConformanceReportJson, specPath: string): string {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  writeFileAtomic(file, `${JSON.stringify(sarifReport(report, specPath), null, 2)}\n`);
  return file;
}

/** operationId → the line of the spec that names it (1-based); empty when the spec cannot be read. */
function specLines(specPath: string): Map<string, number> {
  const lines = new Map<string, number>();
  let text: string;
  try {
    text = readFileSync(specPath, 'utf8');
  } catch {
    return lines;
  }
  text.split('\n').forEach((line, i) => {
    const found = /^\s*operationId:\s*['"]?([\w.-]+)/.exec(line);
    if (found?.[1] !== undefined && !lines.has(found[1])) lines.set(found[1], i + 1);
  });
  return lines;
}

function fingerprint(cause: string): string {
  return createHash('sha256').update(cause).digest('hex').slice(0, 32);
}
