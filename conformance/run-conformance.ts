import { ContractError, loadContract } from '../kit/contract/contract';
import type { Contract } from '../kit/contract/contract';
import { ConfigError } from './config/config-error';
import { helpText, parseCli } from './config/parse-cli';
import { resolveConfig } from './config/resolve-config';
import type { ConformanceConfig } from './config/resolve-config';
import { SETTINGS } from './config/settings';
import type { RawSettings, SettingKey } from './config/settings';
import { runSuite } from './engine/run-suite';
import type { SuiteResult } from './engine/run-suite';
import type { ConformanceReportJson } from './report/html-report';
import { jsonReport } from './report/json-report';
import { summarize } from './report/summarize';
import type { Summary } from './report/summarize';
import { terminalSummary } from './report/terminal-summary';
import { writeReports } from './report/write-reports';

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
}

export const EXIT_PASS = 0;
export const EXIT_FAIL = 1;
export const EXIT_CONFIG = 2;

/** What conformance.json holds: the verdict, the tallies, every scenario and every failure. */
export type ConformanceReport = ConformanceReportJson;

/**
 * A run from code: every setting of the CLI under its name in the settings table (`baseUrl`,
 * `apiKey`, `managementKey`, `target`, `only`, `seed`...; numbers may be numbers, `only` a list),
 * and what the CLI's caller provides (`startTarget`). CONFORMANCE_* variables are not read.
 */
export type ConformanceOptions = {
  readonly [K in SettingKey]?: K extends 'only' ? string | readonly string[] : string | number;
} & RunOptions & {
    /** Progress lines (the in-process target's address); silent by default. */
    readonly log?: (line: string) => void;
  };

/**
 * Runs the suite once and resolves to the report conformance.json would hold; the report files
 * are written only when `reportDir` is given. Bad settings and an unreachable target reject
 * with a ConfigError, a broken spec with a ContractError.
 */
export async function runConformance(options: ConformanceOptions = {}): Promise<ConformanceReport> {
  const flags: RawSettings = {};
  for (const { key } of SETTINGS) {
    const value = options[key];
    if (value !== undefined) flags[key] = typeof value === 'object' ? value.join(',') : String(value);
  }
  const config = resolveConfig({ help: false, flags, env: {} });
  const log = options.log ?? (() => undefined);
  const { result, summary } = await runResolved(config, { out: log, err: log }, options);
  if (options.reportDir !== undefined) writeReports(config.reportDir, result, summary);
  return jsonReport(result, summary);
}

/**
 * The CLI's whole behaviour, callable from tests: parse flags and CONFORMANCE_* variables, start
 * the caller's in-process target when no target is given, run, report, and return the exit status
 * (0 all passed, 1 a check failed, 2 bad configuration or unreachable target).
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
    const config = resolveConfig(cli);
    const { result, summary } = await runResolved(config, io, options);
    const files = writeReports(config.reportDir, result, summary);
    io.out(terminalSummary(result, summary, files));
    return summary.totals.fail === 0 ? EXIT_PASS : EXIT_FAIL;
  } catch (err) {
    if (err instanceof ConfigError || err instanceof ContractError) {
      io.err(`conformance: ${err.message}`);
      return EXIT_CONFIG;
    }
    throw err;
  }
}

async function runResolved(
  config: ConformanceConfig,
  io: Io,
  options: RunOptions,
): Promise<{ result: SuiteResult; summary: Summary }> {
  const result = await runAgainstTarget(loadContract(), config, io, options);
  return { result, summary: summarize(result) };
}

/** Runs against the configured base URL, or against the caller's target started for the run. */
export async function runAgainstTarget(
  contract: Contract,
  config: ConformanceConfig,
  io: Io,
  options: RunOptions = {},
): Promise<SuiteResult> {
  if (config.baseUrl !== undefined) return runSuite({ contract, config: { ...config, baseUrl: config.baseUrl } });
  if (!options.startTarget) throw new ConfigError('no target: give --target, --base-url or CONFORMANCE_BASE_URL');
  const target = await options.startTarget(contract);
  io.err(`conformance: started ${target.name} in-process at ${target.baseUrl}`);
  try {
    const resetUrl = target.resetUrl ?? config.resetUrl;
    return await runSuite({ contract, config: { ...config, baseUrl: target.baseUrl, resetUrl } });
  } finally {
    await target.close();
  }
}
