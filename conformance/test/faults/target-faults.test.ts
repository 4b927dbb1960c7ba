import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadContract } from '../../../kit/contract/contract';
import { startInProcessMock } from '../../../mocks/index';
import type { RunningMock } from '../../../mocks/index';
import type { ConformanceReportJson } from '../../report/report-json';
import { runConformanceCli } from '../../run-conformance';
import { startFaultProxy } from './fault-proxy';
import { TARGET_FAULTS } from './target-faults';

const dir = mkdtempSync(path.join(os.tmpdir(), 'conformance-target-faults-'));
let mock: RunningMock;

beforeAll(async () => {
  mock = await startInProcessMock({ contract: loadContract() });
});
afterAll(async () => {
  await mock.close();
});

/** The mock's target file pointed at `baseUrl`, resetting the real mock behind the proxy; optionally with the public gateway's names. */
function targetFile(baseUrl: string, mapNames: boolean): string {
  const mockTarget = JSON.parse(
    readFileSync(path.join(__dirname, '..', '..', 'targets', 'mock.json'), 'utf8'),
  ) as Record<string, unknown>;
  const names = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'targets', 'openrouter.json'), 'utf8')) as {
    names: unknown;
  };
  const file = path.join(dir, `target-${Math.random().toString(36).slice(2)}.json`);
  const target = {
    ...mockTarget,
    $schema: undefined,
    baseUrl,
    resetUrl: mock.resetUrl,
    ...(mapNames ? { names: names.names } : {}),
  };
  writeFileSync(file, JSON.stringify(target));
  return file;
}

describe('gateways a CI user meets', () => {
  it.each(TARGET_FAULTS.map((f) => [f.name, f] as const))('handles a gateway that %s', async (_name, fault) => {
    const proxy = await startFaultProxy(mock.baseUrl, fault.fault);
    const reportDir = path.join(dir, Math.random().toString(36).slice(2));
    const lines: string[] = [];
    // Whatever the gateway does, the suite speaks through its own output only (no library warnings).
    const warn = jest.spyOn(console, 'warn');
    try {
      const baseUrl = fault.baseUrl?.({ proxy: proxy.baseUrl, mock: mock.baseUrl }) ?? proxy.baseUrl;
      const argv = [
        '--target',
        targetFile(baseUrl, fault.mapNames === true),
        '--report-dir',
        reportDir,
        '--seed',
        '5',
        '--property-runs',
        '3',
        ...(fault.only ? ['--only', fault.only.join(',')] : []),
        ...(fault.args ?? []),
      ];
      const io = { out: (t: string) => lines.push(t), err: (t: string) => lines.push(t) };
      const code = await runConformanceCli(argv, {}, io, { progressIntervalMs: 0 });
      const output = lines.join('\n');
      expect({ code, output }).toEqual({ code: fault.exit, output: expect.stringMatching(fault.says ?? /.*/) });
      expect(output).not.toMatch(/\bundefined\b/);
      expect(warn).not.toHaveBeenCalled();
      expect(output).not.toMatch(/sk-mock-(user|management|guarded)/);
      const file = path.join(reportDir, 'conformance.json');
      if (fault.exit === 2 && !existsSync(file)) {
        // Refused before any scenario: one line says why.
        expect(lines.filter((l) => l.startsWith('conformance: ') && !l.includes(' phase: '))).toHaveLength(1);
        return;
      }
      const json = JSON.parse(readFileSync(file, 'utf8')) as ConformanceReportJson;
      if (fault.caughtBy) expect(json.failures.map((f) => f.check)).toContain(fault.caughtBy);
      fault.report?.(json);
    } finally {
      warn.mockRestore();
      await proxy.close();
    }
  });
});
