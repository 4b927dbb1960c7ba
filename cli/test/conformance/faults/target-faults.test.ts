import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { ConformanceReportJson } from '../../../../conformance/report/report-json';
import { runConformanceCli } from '../../../run-conformance-cli';
import { cliHarness } from '../support/cli-harness';
import { startFaultProxy } from '../../../../conformance/test/faults/fault-proxy';
import { DROPPED_CONNECTION_FAULTS } from '../../../../conformance/test/faults/dropped-connection-faults';
import { PARTIAL_GATEWAY_FAULTS } from '../../../../conformance/test/faults/partial-gateway-faults';
import { TARGET_FAULTS } from '../../../../conformance/test/faults/target-faults';

const { dir, mockUrl, target } = cliHarness();
/** The public gateway's names, for faults whose target maps them. */
const names = (
  JSON.parse(
    readFileSync(path.join(__dirname, '..', '..', '..', '..', 'conformance', 'targets', 'openrouter.json'), 'utf8'),
  ) as {
    names: unknown;
  }
).names;

describe('gateways a CI user meets', () => {
  it.each([...TARGET_FAULTS, ...PARTIAL_GATEWAY_FAULTS, ...DROPPED_CONNECTION_FAULTS].map((f) => [f.name, f] as const))(
    'handles a gateway that %s',
    async (_name, fault) => {
      const proxy = await startFaultProxy(mockUrl(), fault.fault);
      const reportDir = path.join(dir, Math.random().toString(36).slice(2));
      const lines: string[] = [];
      // Whatever the gateway does, the suite speaks through its own output only (no library warnings).
      const warn = jest.spyOn(console, 'warn');
      try {
        const urls = { proxy: proxy.baseUrl, mock: mockUrl() };
        const baseUrl = fault.baseUrl?.(urls) ?? proxy.baseUrl;
        const extra = {
          ...(fault.mapNames === true ? { names } : {}),
          ...(fault.resetUrl ? { resetUrl: fault.resetUrl(urls) } : {}),
        };
        const argv = [
          '--target',
          target(baseUrl, extra),
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
        if (fault.secret !== undefined) {
          expect(output).not.toContain(fault.secret);
          for (const name of existsSync(reportDir) ? readdirSync(reportDir) : [])
            expect({ name, text: readFileSync(path.join(reportDir, name), 'utf8') }).toEqual({
              name,
              text: expect.not.stringContaining(fault.secret) as string,
            });
        }
        const file = path.join(reportDir, 'conformance.json');
        const json = JSON.parse(readFileSync(file, 'utf8')) as ConformanceReportJson;
        if (fault.exit === 2 && json.incomplete?.kind === 'not-started') {
          // Refused before any scenario: one line says why, and the reports say it too.
          expect(lines.filter((l) => l.startsWith('conformance: ') && !l.includes(' phase: '))).toHaveLength(1);
          expect(json.requests).toBe(0);
          return;
        }
        if (fault.caughtBy) expect(json.failures.map((f) => f.check)).toContain(fault.caughtBy);
        fault.report?.(json);
        const read = (name: string) => readFileSync(path.join(reportDir, name), 'utf8');
        fault.files?.({ junit: read('junit.xml'), html: read('conformance.html') });
      } finally {
        warn.mockRestore();
        await proxy.close();
      }
    },
  );
});
