import { ContractError, loadContract } from '../kit/contract/contract';
import type { Contract } from '../kit/contract/contract';
import { ConfigError } from './config/config-error';
import { helpText, parseCli } from './config/parse-cli';
import { resolveConfig } from './config/resolve-config';
import type { ConformanceConfig } from './config/resolve-config';
import { runSuite } from './engine/run-suite';
import type { SuiteResult } from './engine/run-suite';
import { summarize } from './report/summarize';
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

/**
 * The CLI's whole behaviour, callable from tests: parse flags and CONFORMANCE_* variables, start
 * the caller's in-process target when no target is given, run, report, and return the exit status
 * (0 all passed, 1 a check failed, 2 bad configuration or unreachable target).
 */
export async function runConformance(
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
    const contract = loadContract();
    const result = await runAgainstTarget(contract, config, io, options);
    const summary = summarize(result);
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
