import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { ConformanceReportJson } from '../../../../conformance/report/report-json';
import { runConformanceCli } from '../../../run-conformance-cli';

/**
 * A gateway nobody here wrote: Prism (a devDependency) mocking spec/openapi.yaml, as users run it
 * (`npx prism mock spec/openapi.yaml`). It is this API, so the suite judges it (exit 1) rather than
 * refusing it; and where it departs from the contract, the suite says so by root cause.
 */
const ROOT = path.join(__dirname, '..', '..', '..', '..');
let prism: ChildProcess;
let baseUrl: string;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  prism = spawn(
    path.join(ROOT, 'node_modules', '.bin', 'prism'),
    ['mock', 'spec/openapi.yaml', '-p', String(port), '-h', '127.0.0.1'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    let said = '';
    prism.stdout?.on('data', (chunk: Buffer) => {
      said += chunk.toString('utf8');
      if (said.includes('Prism is listening')) resolve();
    });
    prism.on('exit', (code) => reject(new Error(`prism exited (${code}) before listening: ${said}`)));
  });
  baseUrl = `http://127.0.0.1:${port}`;
}, 60_000);

afterAll(() => {
  prism.kill();
});

async function run(url: string) {
  const reportDir = mkdtempSync(path.join(os.tmpdir(), 'conformance-prism-'));
  const lines: string[] = [];
  const io = { out: (t: string) => lines.push(t), err: (t: string) => lines.push(t) };
  const argv = ['--base-url', url, '--report-dir', reportDir, '--seed', '5', '--property-runs', '3'];
  const code = await runConformanceCli(
    argv,
    { CONFORMANCE_API_KEY: 'sk-prism', CONFORMANCE_MANAGEMENT_KEY: 'sk-prism-m' },
    io,
    {
      progressIntervalMs: 0,
    },
  );
  return { code, output: lines.join('\n'), reportDir };
}

describe('Prism mocking spec/openapi.yaml', () => {
  it('is judged as this API: failures by root cause, none of them a vacuous one', async () => {
    const { code, output, reportDir } = await run(baseUrl);
    expect(code).toBe(1);
    expect(output).not.toMatch(/\bundefined\b/);
    const json = JSON.parse(readFileSync(path.join(reportDir, 'conformance.json'), 'utf8')) as ConformanceReportJson;
    expect(json.rootCauses.map((g) => g.cause)).toEqual(
      expect.arrayContaining([
        'stream: true without Accept: text/event-stream answered application/json instead of an event stream',
        'invalid requests answered 422 where the contract says 400',
      ]),
    );
    expect(json.failures.map((f) => f.message)).toContain(
      "the stream's last event `data: [DONE]` has no blank line after it, so SSE clients discard it",
    );
  }, 60_000);

  it('is refused with the base URL to use when given /api/v1, which Prism does not serve', async () => {
    const { code, output } = await run(`${baseUrl}/api/v1`);
    expect(code).toBe(2);
    expect(output).toContain(`It does answer at ${baseUrl}: use that as the base URL.`);
  });
});
