import { writeSarif } from './report/sarif-report';
import type { Contract } from '../kit/contract/contract';
import { checkNames } from './config/check-names';
import { ConfigError } from './config/config-error';
import { resolveConfig } from './config/resolve-config';
import { runContract } from './config/run-contract';
import { redactText } from './http/credentials';
import { secretHeaderValues } from './http/extra-headers';
import { secretNames } from '../kit/secrets/secret-names';
import type { ConformanceConfig } from './config/resolve-config';
import { SETTINGS } from './config/settings';
import type { RawSettings, SettingKey } from './config/settings';
import { runSuite } from './run/run-suite';
import { notStartedRun } from './run/not-started-run';
import type { SuiteResult } from './run/run-suite';
import { readBaseline, updatedBaseline, writeBaseline } from './report/baseline';
import { jsonReport } from './report/json-report';
import type { ConformanceReportJson } from './report/report-json';
import { scenariosRun, summarize } from './report/summarize';
import { prepareReportDir, writeReports } from './report/write-reports';

export interface Io {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

/** A gateway started for the run by the caller, e.g. the mock (cli/conformance.ts). */
export interface InProcessTarget {
  readonly baseUrl: string;
  /** Called between scenarios that change state, when the target offers it. */
  readonly resetUrl?: string;
  /** How the run's log names it: `started the mock in-process at …`. */
  readonly name: string;
  close(): Promise<void>;
}

export interface RunOptions {
  /** Starts the target to check when neither a target file nor a base URL is given. */
  readonly startTarget?: (contract: Contract) => Promise<InProcessTarget>;
  /**
   * Aborting it stops the run: the partial report is written, marked incomplete, and the exit
   * status is 128 + the signal's number when the abort's reason names one (SIGINT 130, SIGTERM 143).
   */
  readonly signal?: AbortSignal;
  /** How often a progress line goes to `err` while the run goes on (default 10 s; 0 never). */
  readonly progressIntervalMs?: number;
}

/** What conformance.json holds: the verdict, the tallies, root causes, every scenario and every failure. */
export type ConformanceReport = ConformanceReportJson;

/**
 * A run from code: every setting of the CLI under its name in the settings table (`baseUrl`, `spec`,
 * `apiKey`, `managementKey`, `target`, `only`, `seed`, `baseline`, `header`...; numbers may be
 * numbers, `only` and `header` lists: `header: ['X-Tenant: acme']`), and what the CLI's caller
 * provides (`startTarget`, `signal`).
 * CONFORMANCE_* variables are not read.
 */
export type ConformanceOptions = {
  readonly [K in SettingKey]?: K extends 'only' | 'header' | 'require'
    ? string | readonly string[]
    : string | number | boolean;
} & RunOptions & {
    /** Progress lines (the in-process target's address, progress per operation); silent by default. */
    readonly log?: (line: string) => void;
  };

/**
 * Runs the suite once and resolves to the report conformance.json would hold; the report files
 * are written only when `reportDir` is given, and a baseline is read (and updated with
 * `baselineUpdate`) only when `baseline` is given. Bad settings, a target that is not this API or
 * stopped answering reject with a ConfigError, a broken spec with a ContractError; an interrupted
 * run (`signal`) resolves to a report marked incomplete.
 */
export async function runConformanceOnTarget(options: ConformanceOptions = {}): Promise<ConformanceReport> {
  const flags: RawSettings = {};
  for (const { key } of SETTINGS) {
    const value = options[key];
    if (value === undefined || value === false) continue;
    // `header` values are kept one per line (a value may hold a comma), `only` patterns comma-separated.
    flags[key] = typeof value === 'object' ? value.join(key === 'header' ? '\n' : ',') : String(value);
  }
  const config = resolveConfig({ help: false, version: false, flags, env: {} });
  const log = options.log ?? (() => undefined);
  const io = redacting({ out: log, err: log }, config);
  const contract = contractOf(config, io);
  checkNames(contract, config.names);
  if (options.reportDir !== undefined) prepareReportDir(config.reportDir);
  const baseline = config.baseline === undefined ? undefined : readBaseline(config.baseline, config.baselineUpdate);
  const startedAt = new Date();
  const result = await runAgainstTarget(contract, config, io, options).catch((err: unknown) => {
    // A run that stopped before judging leaves its reports all the same (run/not-started-run.ts).
    if (err instanceof ConfigError && options.reportDir !== undefined && config.baseUrl !== undefined) {
      const stopped = notStartedRun(contract, config, err.message, startedAt, Date.now() - startedAt.getTime());
      writeReports(config.reportDir, stopped, summarize(stopped));
    }
    throw err;
  });
  if (result.incomplete?.kind === 'target-stopped') throw new ConfigError(result.incomplete.reason);
  const summary = summarize(result, baseline);
  if (options.reportDir !== undefined) writeReports(config.reportDir, result, summary);
  if (baseline && config.baselineUpdate && !result.incomplete) {
    const ran = scenariosRun(result, summary.scenarioOutcomes);
    writeBaseline(baseline.file, updatedBaseline(baseline, result.recorder.failures(), ran, config.baseUrl ?? ''));
  }
  const report = jsonReport(result, summary);
  if (config.sarif !== undefined) writeSarif(config.sarif, report, contract.specPath);
  return report;
}

/** The run's document (runContract), and a line naming it when it is not the shipped one. */
export function contractOf(config: ConformanceConfig, io: Io): Contract {
  const contract = runContract(config);
  if (config.spec !== undefined) io.err(`conformance: judging against ${config.spec}`);
  return contract;
}

/** Output with every configured key replaced by its variable: a gateway may echo a key into any message. */
export function redacting(io: Io, config: ConformanceConfig): Io {
  const keys = {
    apiKey: config.apiKey,
    managementKey: config.managementKey,
    guardedApiKey: config.guardrail.guardedApiKey,
    secrets: secretHeaderValues(config.headers, secretNames(config.redact)),
  };
  return { out: (text) => io.out(redactText(text, keys)), err: (text) => io.err(redactText(text, keys)) };
}

/** What a run with neither a base URL nor an in-process target to start is told: a setting, not the target's doing. */
export const NO_TARGET = 'no target: give --target, --base-url or CONFORMANCE_BASE_URL';

/** Runs against the configured base URL, or against the caller's target started for the run. */
export async function runAgainstTarget(
  contract: Contract,
  config: ConformanceConfig,
  io: Io,
  options: RunOptions = {},
): Promise<SuiteResult> {
  const log = (line: string) => io.err(`conformance: ${line}`);
  const suite = { log, signal: options.signal, progressIntervalMs: options.progressIntervalMs };
  if (config.baseUrl !== undefined)
    return runSuite({ contract, config: { ...config, baseUrl: config.baseUrl }, ...suite });
  if (!options.startTarget) throw new ConfigError(NO_TARGET);
  const target = await options.startTarget(contract);
  log(`started ${target.name} in-process at ${target.baseUrl}`);
  try {
    const resetUrl = target.resetUrl ?? config.resetUrl;
    return await runSuite({ contract, config: { ...config, baseUrl: target.baseUrl, resetUrl }, ...suite });
  } finally {
    await target.close();
  }
}
