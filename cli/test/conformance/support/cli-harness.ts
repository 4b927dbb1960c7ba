import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadContract } from '../../../../kit/contract/contract';
import { startInProcessMock } from '../../../../mocks/index';
import type { RunningMock } from '../../../../mocks/index';
import { runConformanceCli } from '../../../run-conformance-cli';
import type { RunOptions } from '../../../../conformance/run-conformance';

export interface CliRun {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

/**
 * The CLI as a test drives it: a mock of its own (started and stopped with the test file), a
 * scratch folder, target files pointed anywhere, and runs whose output is collected.
 */
export interface CliHarness {
  readonly dir: string;
  mockUrl(): string;
  /** The harness's mock's reset URL. */
  resetUrl(): string;
  /** The mock's target file pointed at `baseUrl`, resetting the harness's mock; `extra` fields override. */
  target(baseUrl: string, extra?: Record<string, unknown>): string;
  /** Runs the CLI with a fixed seed (unless given) and no timed progress lines. */
  cli(argv: string[], env?: NodeJS.ProcessEnv, options?: RunOptions): Promise<CliRun>;
}

export function cliHarness(): CliHarness {
  const dir = mkdtempSync(path.join(tmpdir(), 'conformance-cli-'));
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startInProcessMock({ contract: loadContract() });
  });
  afterAll(async () => {
    await mock.close();
  });
  return {
    dir,
    mockUrl: () => mock.baseUrl,
    resetUrl: () => mock.resetUrl,
    target(baseUrl, extra = {}) {
      const mockTarget = JSON.parse(
        readFileSync(path.join(__dirname, '..', '..', '..', '..', 'conformance', 'targets', 'mock.json'), 'utf8'),
      ) as Record<string, unknown>;
      const file = path.join(dir, `target-${Math.random().toString(36).slice(2)}.json`);
      const { resetUrl } = mock;
      writeFileSync(file, JSON.stringify({ ...mockTarget, $schema: undefined, baseUrl, resetUrl, ...extra }));
      return file;
    },
    async cli(argv, env = {}, options = {}) {
      const out: string[] = [];
      const err: string[] = [];
      // A fixed seed unless the test gives one: the property phase then sends the same requests every run.
      const seeded = argv.includes('--seed') || argv.includes('--help') ? argv : [...argv, '--seed', '11'];
      const io = { out: (t: string) => out.push(t), err: (t: string) => err.push(t) };
      const code = await runConformanceCli(seeded, env, io, { progressIntervalMs: 0, ...options });
      return { code, out: out.join('\n'), err: err.join('\n') };
    },
  };
}
