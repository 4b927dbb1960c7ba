import { createMockServer } from '../mocks/src/server';
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

export const EXIT_PASS = 0;
export const EXIT_FAIL = 1;
export const EXIT_CONFIG = 2;

/**
 * The CLI's whole behaviour, callable from tests: parse flags and CONFORMANCE_* variables, start
 * the mock in-process when no target is given, run, report, and return the exit status
 * (0 all passed, 1 a check failed, 2 bad configuration or unreachable target).
 */
export async function runConformance(argv: readonly string[], env: NodeJS.ProcessEnv, io: Io): Promise<number> {
  try {
    const cli = parseCli(argv, env);
    if (cli.help) {
      io.out(helpText());
      return EXIT_PASS;
    }
    const config = resolveConfig(cli);
    const contract = loadContract();
    const result = await runAgainstTarget(contract, config, io);
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

/** Runs against the configured base URL, or against a mock started in-process for the run. */
export async function runAgainstTarget(contract: Contract, config: ConformanceConfig, io: Io): Promise<SuiteResult> {
  if (config.baseUrl !== undefined) return runSuite({ contract, config: { ...config, baseUrl: config.baseUrl } });
  const mock = createMockServer({ contract });
  const baseUrl = await mock.listen(0, '127.0.0.1');
  io.err(`conformance: started the mock in-process at ${baseUrl}`);
  try {
    const resetUrl = `${new URL(baseUrl).origin}/__mock/reset`;
    return await runSuite({ contract, config: { ...config, baseUrl, resetUrl } });
  } finally {
    await mock.close();
  }
}
