import { displayPath } from '../kit/files/display-path';
import { loadContract, SPEC_PATH } from '../kit/contract/contract';
import { HarFileError, startProxy, VIOLATIONS_PATH } from '../proxy/index';
import { coverageLines, reportToGithubActions, writeSarif } from '../conformance/index';
import { failsRun } from '../kit/observe/fail-on';
import { listenOrExplain } from './listen-or-explain';
import type { CliSettings } from './mock-args';
import { explainStartError } from './start-errors';
import { untilStopSignal } from './stop-signal';
import { letV8ChooseGrowth } from './heap-growth';

/** How long exchanges in flight at a stop signal may take before they are cut. */
const GRACE_MS = 2_000;

/**
 * `model-gateway-mock --proxy URL`: relays every request to the gateway at URL and prints each
 * violation of the spec as it is found, until SIGINT or SIGTERM; then writes the reports. With
 * --record, writes each POST /responses exchange into the recording as it ends. Resolves to the
 * exit status: 0 when what `--fail-on` names (the gateway's answers by default; the client's
 * requests, or both) kept the spec and the recording was written, 1 when not, 2
 * for a start-up problem (explained here: in the built package this is a file of its own, whose
 * ContractError is not the one cli/mock-main.js would recognise).
 */
export async function serveProxy(settings: CliSettings, upstream: string): Promise<number> {
  // The heap's growth is V8's own while the proxy runs (heap-growth.ts).
  const restoreGrowth = letV8ChooseGrowth();
  try {
    return await proxyUntilStopped(settings, upstream);
  } catch (err) {
    if (err instanceof HarFileError) {
      console.error(`proxy: ${err.message}`);
      return 2;
    }
    return explainStartError(err);
  } finally {
    restoreGrowth();
  }
}

async function proxyUntilStopped(settings: CliSettings, upstream: string): Promise<number> {
  const contract = loadContract(settings.specPath ?? SPEC_PATH);
  const proxy = await listenOrExplain(
    () =>
      startProxy({
        upstream,
        contract,
        port: settings.port,
        host: settings.host,
        log: (line) => console.error(line),
        redact: settings.redact,
        keep: settings.keep,
        ...(settings.recordPath === undefined ? {} : { record: settings.recordPath }),
        ...(settings.harPath === undefined ? {} : { har: settings.harPath }),
      }),
    settings,
  );
  console.log(`Model Gateway proxy listening on ${proxy.baseUrl}`);
  console.log(
    `Forwarding to ${upstream}; checking against ${displayPath(contract.specPath)}; violations: ${new URL(proxy.baseUrl).origin}${VIOLATIONS_PATH}`,
  );
  if (settings.recordPath !== undefined)
    console.log(
      `Recording POST /responses exchanges into ${displayPath(settings.recordPath)} (replay: --scripts FILE)`,
    );
  if (settings.harPath !== undefined)
    console.log(
      `Writing every exchange into ${displayPath(settings.harPath)} (HAR 1.2; check it: model-gateway verify FILE)`,
    );
  if (!settings.quiet) console.log('Ctrl-C stops, then writes the reports.');

  // Later signals (npm passes the group's Ctrl-C on once more) leave the shutdown to finish: the
  // grace for exchanges in flight is bounded (proxy.close), and the reports are written after it.
  const signal = await untilStopSignal();
  if (!settings.quiet)
    console.log(`${signal}: finishing exchanges in flight (up to ${GRACE_MS / 1000} s), then writing the reports`);
  let unwritten = false;
  try {
    await proxy.close(GRACE_MS);
  } catch (error) {
    unwritten = true;
    console.error(`proxy: the recording could not be written: ${(error as Error).message}`);
  }
  const files = proxy.writeReports(settings.reportDir);
  const report = proxy.report();
  if (settings.sarifPath !== undefined)
    files.push(writeSarif(settings.sarifPath, report, settings.specPath ?? SPEC_PATH));
  if (!settings.quiet && report.coverage) for (const line of coverageLines(report.coverage)) console.log(line);
  // Annotations first: the summary line stays the last line of the output.
  reportToGithubActions(report, process.env, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
  const gateway = proxy.gatewayViolationCount;
  const client = proxy.clientFindingCount;
  console.log(
    `proxy: ${proxy.exchanges} exchange(s), ${gateway} violation(s) by the gateway, ${client} client finding(s); reports: ${files.map(displayPath).join(', ')}`,
  );
  return failsRun(settings.failOn, { gateway, client }) || unwritten ? 1 : 0;
}
