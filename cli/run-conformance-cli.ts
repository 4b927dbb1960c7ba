/**
 * The conformance command's whole behaviour, callable from tests: flags and CONFORMANCE_*
 * variables in, lines and an exit status out. The run itself is conformance/'s (runAgainstTarget);
 * this adds what only a command has: --help, --version, --list, warnings about the command line,
 * the report files and the exit status.
 */
import { constants } from 'node:os';
import { ContractError, SPEC_PATH } from '../kit/contract/contract';
import { packageVersion } from '../kit/package/package-version';
import { checkNames } from '../conformance/index';
import { ConfigError } from '../conformance/index';
import { helpText, keysOnCommandLine, parseCli } from '../conformance/index';
import { resolveConfig } from '../conformance/index';
import type { ConformanceConfig } from '../conformance/index';
import { runContract } from '../conformance/index';
import { proxyEnv, proxyVariableFor, shownProxy } from '../conformance/index';
import { planContext, planScenarios } from '../conformance/index';
import type { SuiteResult } from '../conformance/index';
import { readBaseline, updatedBaseline, writeBaseline } from '../conformance/index';
import type { Baseline } from '../conformance/index';
import { reportToGithubActions } from '../conformance/index';
import { jsonReport } from '../conformance/index';
import { scenarioList } from '../conformance/index';
import { scenariosRun, summarize } from '../conformance/index';
import { terminalSummary } from '../conformance/index';
import { prepareReportDir, writeReports } from '../conformance/index';
import { contractOf, NO_TARGET, redacting, runAgainstTarget } from '../conformance/index';
import { notStartedRun } from '../conformance/index';
import type { Io, RunOptions } from '../conformance/index';
import { writeSarif } from '../conformance/index';

export const EXIT_PASS = 0;
export const EXIT_FAIL = 1;
export const EXIT_CONFIG = 2;

/**
 * The CLI's whole behaviour, callable from tests: parse flags and CONFORMANCE_* variables, start
 * the caller's in-process target when no target is given, run, report, and return the exit status
 * (0 all passed or only known failures, 1 a new failure, 2 bad configuration, a target that is not
 * this API or stopped answering, 128 + n interrupted by signal n).
 */
export async function runConformanceCli(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  io: Io,
  options: RunOptions = {},
): Promise<number> {
  try {
    const cli = parseCli(argv, env);
    if (cli.help) {
      io.out(helpText());
      return EXIT_PASS;
    }
    if (cli.version) {
      io.out(packageVersion());
      return EXIT_PASS;
    }
    const config = { ...resolveConfig(cli), proxyEnv: proxyEnv(env) };
    io = redacting(io, config);
    if (cli.list === true) {
      const contract = runContract(config);
      if (planScenarios(planContext(contract, config)).length === 0)
        throw new ConfigError(`no scenario matches --only ${config.only.join(',')}`);
      io.out(scenarioList(contract, config));
      return EXIT_PASS;
    }
    for (const flag of keysOnCommandLine(cli))
      io.err(
        `conformance: warning: ${flag} puts a key on the command line, where CI logs and the process list show it; use its CONFORMANCE_* variable`,
      );
    const proxy = config.baseUrl === undefined ? undefined : proxyVariableFor(config.baseUrl, config.proxyEnv);
    if (config.baseUrl !== undefined && proxy !== undefined)
      io.err(
        `conformance: requests to ${new URL(config.baseUrl).host} go through the proxy in ${proxy} (${shownProxy(config.proxyEnv[proxy] ?? '')}); NO_PROXY lists the hosts reached directly`,
      );
    const contract = contractOf(config, io);
    checkNames(contract, config.names);
    prepareReportDir(config.reportDir);
    const baseline = config.baseline === undefined ? undefined : readBaseline(config.baseline, config.baselineUpdate);
    const startedAt = new Date();
    const started = performance.now();
    if (config.baseUrl === undefined && options.startTarget === undefined) throw new ConfigError(NO_TARGET);
    let result: SuiteResult;
    try {
      result = await runAgainstTarget(contract, config, io, options);
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      const elapsed = Math.round(performance.now() - started);
      return notStarted(notStartedRun(contract, config, err.message, startedAt, elapsed), io, env);
    }
    return report(result, config, baseline, io, env);
  } catch (err) {
    if (err instanceof ConfigError || err instanceof ContractError) {
      io.err(`conformance: ${err.message}`);
      return EXIT_CONFIG;
    }
    throw err;
  }
}

function report(
  result: SuiteResult,
  config: ConformanceConfig,
  baseline: Baseline | undefined,
  io: Io,
  env: NodeJS.ProcessEnv,
): number {
  const summary = summarize(result, baseline);
  const files = writeReports(config.reportDir, result, summary);
  const json = jsonReport(result, summary);
  if (config.sarif !== undefined) files.push(writeSarif(config.sarif, json, config.spec ?? SPEC_PATH));
  // Annotations first: the verdict stays the last line of the output.
  reportToGithubActions(json, env, io);
  io.out(terminalSummary(result, summary, files));
  const stop = result.incomplete;
  if (baseline && config.baselineUpdate) {
    if (stop) io.err(`conformance: the baseline ${baseline.file} is left as it was: the run is incomplete`);
    else {
      const ran = scenariosRun(result, summary.scenarioOutcomes);
      writeBaseline(baseline.file, updatedBaseline(baseline, result.recorder.failures(), ran, config.baseUrl ?? ''));
      io.err(`conformance: wrote the baseline ${baseline.file} (${summary.rootCauses.length} root cause(s))`);
      return EXIT_PASS;
    }
  }
  if (stop?.kind === 'target-stopped') {
    io.err(`conformance: ${stop.reason}; the partial report is in ${config.reportDir}`);
    return EXIT_CONFIG;
  }
  if (stop) return 128 + (signalNumber(stop.signal) ?? constants.signals.SIGINT);
  return summary.failing === 0 ? EXIT_PASS : EXIT_FAIL;
}

/**
 * A run that stopped before judging (exit 2) still leaves the three reports, the reason in each (a
 * JUnit `<error>`), and under GitHub Actions the annotation and job summary; the output stays the
 * one line it always was, the reason.
 */
function notStarted(result: SuiteResult, io: Io, env: NodeJS.ProcessEnv): number {
  const summary = summarize(result);
  writeReports(result.config.reportDir, result, summary);
  reportToGithubActions(jsonReport(result, summary), env, io);
  io.err(`conformance: ${result.incomplete?.reason ?? ''}`);
  return EXIT_CONFIG;
}

function signalNumber(signal: string | undefined): number | undefined {
  return signal === undefined ? undefined : (constants.signals as Record<string, number | undefined>)[signal];
}
