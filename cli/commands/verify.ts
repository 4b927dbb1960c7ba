import { parseArgs } from 'node:util';
import { setGrowingPercent } from '../heap-growth';
import path from 'node:path';
import { displayPath } from '../../kit/files/display-path';
import { ContractError, loadContract, SPEC_PATH } from '../../kit/contract/contract';
import { reportToGithubActions } from '../../conformance/index';
import { coverageLines, writeSarif } from '../../conformance/index';
import type { ConformanceReport } from '../../conformance/index';
import { DEFAULT_FAIL_ON, FAIL_ON, failOnOf, failsRun, TrafficFileError, verifyTraffic } from '../../proxy/index';
import type { FailOn, VerifiedTraffic } from '../../proxy/index';

export const help = `Usage: model-gateway verify FILE… [options]      (in the repository: npm run verify --)

Checks recorded traffic against the contract (spec/openapi.yaml) with the proxy's checks: each
request with the mock's request checks, each answer with every check of the conformance suite,
event streams read from the recorded text with the stream rules. Writes the proxy's reports.

FILE is a HAR 1.2 file (browser DevTools, Playwright's recordHar, Redocly's proxy, the proxy's
--har), NDJSON with one HAR entry per line (any size: read one entry at a time), or a recording of
the proxy's --record. Exchanges to other hosts, or outside the API's base path, are counted and skipped.

Options:
  --base-url URL          the API's base URL; only traffic under it is judged (default: the first
                          host whose traffic is under the spec's base path, e.g. /api/v1)
  --report-dir DIR        where junit.xml, conformance.json and conformance.html go (reports/verify)
  --sarif FILE            also write the findings as SARIF 2.1.0 (code-scanning views)
  --spec FILE             the contract to check against (the built-in spec by default)
  --redact NAME           also treat the header NAME as secret (repeatable)
  --keep-exchanges N      the reports list the first N exchanges in full (the rest are counted)
  --keep-examples N       after those, up to N exchanges per root cause
  --fail-on WHO           what fails the run (exit 1), as for the proxy: gateway (its answers, the
                          default), client (client findings: recorded requests that break the
                          contract), or both
  --keys-removed          the HAR's writer removed the keys (Chrome's "Export HAR (sanitized)"):
                          judge each request without Authorization as if it carried its key
  --quiet                 no line per violation
  -h, --help              this text

Exit status: 0 what --fail-on names kept the contract (the gateway's answers by default), 1 it
broke it, 2 a file cannot be read (one line: which file, where, why), a bad option, or no
exchange under the API's base path.`;

/** heap-growth.ts: the flag's 0, V8's own factor, as the process had it. */
const V8_DECIDES = 0;
/**
 * Each entry's objects die young, but V8's own growth factor let garbage reach some 150 MB between
 * full collections on a 512 MB file (peak RSS 282 MB for a live heap of 30 MB). Doubling at most
 * keeps the peak at 203 MB for the same CPU (9.5 s against 9.3 s; 20% gave 168 MB for 12.3 s).
 */
const VERIFY_GROWING_PERCENT = 100;

const OPTIONS = {
  'base-url': { type: 'string' },
  'report-dir': { type: 'string' },
  sarif: { type: 'string' },
  spec: { type: 'string' },
  redact: { type: 'string', multiple: true },
  'keep-exchanges': { type: 'string' },
  'keep-examples': { type: 'string' },
  quiet: { type: 'boolean' },
  'keys-removed': { type: 'boolean' },
  'fail-on': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** `model-gateway verify`: resolves to the exit status. */
export async function run(argv: string[]): Promise<number> {
  let values: ReturnType<typeof parse>['values'];
  let files: string[];
  let failOn: FailOn;
  try {
    ({ values, positionals: files } = parse(argv));
    if (values.help === true) {
      console.log(help);
      return 0;
    }
    if (files.length === 0) throw new Error('give at least one FILE to verify');
    if (values['base-url'] !== undefined && !URL.canParse(values['base-url']))
      throw new Error(`--base-url ${values['base-url']} is not an absolute URL`);
    const who = values['fail-on'] ?? DEFAULT_FAIL_ON;
    const named = failOnOf(who);
    if (named === undefined) throw new Error(`--fail-on must be one of ${FAIL_ON.join(', ')}, got "${who}"`);
    failOn = named;
  } catch (error) {
    console.error(`model-gateway verify: ${(error as Error).message} (see --help)`);
    return 2;
  }
  const reportDir = values['report-dir'] ?? path.join('reports', 'verify');
  let verified: VerifiedTraffic;
  setGrowingPercent(VERIFY_GROWING_PERCENT);
  try {
    verified = await verifyTraffic({
      files,
      contract: loadContract(values.spec ?? SPEC_PATH),
      ...(values['base-url'] === undefined ? {} : { baseUrl: values['base-url'] }),
      redact: values.redact ?? [],
      keysRemoved: values['keys-removed'] === true,
      keep: {
        ...(values['keep-exchanges'] === undefined
          ? {}
          : { exchanges: count('--keep-exchanges', values['keep-exchanges']) }),
        ...(values['keep-examples'] === undefined
          ? {}
          : { examplesPerCause: count('--keep-examples', values['keep-examples']) }),
      },
      log:
        values.quiet === true
          ? () => undefined
          : (line) => console.error(line.replace(/^proxy:/, 'model-gateway verify:')),
    });
  } catch (error) {
    if (error instanceof TrafficFileError || error instanceof ContractError || error instanceof RangeError) {
      for (const line of error.message.split('\n')) console.error(`model-gateway verify: ${line}`);
      return 2;
    }
    throw error;
  } finally {
    setGrowingPercent(V8_DECIDES);
  }
  const skipped = skippedLine(verified);
  if (skipped !== '') console.log(`model-gateway verify: skipped ${skipped}`);
  if (verified.exchanges === 0) {
    console.error(
      `model-gateway verify: no exchange to judge under ${verified.baseUrl || 'the API base path'} in ${files.map(displayPath).join(', ')}: give --base-url the API's base URL`,
    );
    return 2;
  }
  if (verified.withoutKey === verified.exchanges && verified.violationCount > 0 && values['keys-removed'] !== true)
    console.log(
      'model-gateway verify: no request carried an Authorization header: if the HAR was exported sanitized (its keys removed), --keys-removed judges each as if it carried its key',
    );
  const report = verified.report();
  const written = verified.writeReports(reportDir);
  if (values.sarif !== undefined) written.push(writeSarif(values.sarif, report, values.spec ?? SPEC_PATH));
  if (report.coverage) for (const line of coverageLines(report.coverage)) console.log(line);
  for (const line of clientFindingLines(report)) console.log(line);
  reportToGithubActions(report, process.env, { out: (line) => console.log(line), err: (line) => console.error(line) });
  const gateway = verified.gatewayViolationCount;
  const client = verified.clientFindingCount;
  console.log(
    `model-gateway verify: ${verified.exchanges} exchange(s) under ${verified.baseUrl}, ${gateway} violation(s) by the gateway, ${client} client finding(s); reports: ${written.map(displayPath).join(', ')}`,
  );
  // The proxy's decision (kit/observe/fail-on.ts): recorded traffic exits as it would have live.
  return failsRun(failOn, { gateway, client }) ? 1 : 0;
}

/** The terminal's heading for the client findings, by cause, when the traffic had any. */
function clientFindingLines({ clientFindings }: ConformanceReport): string[] {
  if (clientFindings === undefined) return [];
  return [
    `Client findings (${clientFindings.count}): recorded requests that break the contract, the client's to fix:`,
    ...clientFindings.causes.map((cause) => `  ${cause.title}`),
  ];
}

function parse(argv: string[]) {
  return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
}

function count(flag: string, text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`${flag} ${text} is not a whole number of 0 or more`);
  return n;
}

function skippedLine({ skipped }: VerifiedTraffic): string {
  const parts: string[] = [];
  if (skipped.otherHosts > 0)
    parts.push(
      `${skipped.otherHosts} exchange(s) to other hosts (${skipped.hosts.join(', ')}; --base-url chooses the API)`,
    );
  if (skipped.outsideApi > 0) parts.push(`${skipped.outsideApi} outside the API's base path`);
  if (skipped.preflights > 0) parts.push(`${skipped.preflights} CORS preflight(s)`);
  if (skipped.withoutText > 0) parts.push(`${skipped.withoutText} answer(s) whose text the HAR did not keep`);
  return parts.join(', ');
}
