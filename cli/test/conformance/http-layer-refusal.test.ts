import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { createMockServer } from '../../../mocks/index';
import type { MockServer } from '../../../mocks/index';
import type { ConformanceReportJson } from '../../../conformance/report/report-json';
import { EXIT_FAIL, EXIT_PASS } from '../../run-conformance-cli';
import { cliHarness } from './support/cli-harness';

const { dir, cli, target } = cliHarness();
const shell = promisify(execFile);

/**
 * A correct gateway on a plain node:http server: the mock, slowed down, without its own answer to
 * what node's HTTP parser refuses, so a header value with a NUL or a control byte gets node's bare
 * `400` with `Connection: close` before the gateway's code runs.
 */
async function nodeHttpGateway(): Promise<{ mock: MockServer; baseUrl: string }> {
  const mock = createMockServer();
  mock.server.removeAllListeners('clientError');
  mock.server.removeAllListeners('request');
  mock.server.on('request', (req, res) => void setTimeout(() => mock.listener(req, res), 5));
  return { mock, baseUrl: await mock.listen(0, '127.0.0.1') };
}

describe('a refusal by the HTTP server in front of a gateway', () => {
  let gateway: { mock: MockServer; baseUrl: string };
  beforeAll(async () => {
    gateway = await nodeHttpGateway();
  });
  afterAll(async () => {
    await gateway.mock.close();
  });
  const run = (reportDir: string, ...flags: string[]) =>
    cli(
      [
        '--target',
        target(gateway.baseUrl, { resetUrl: '/__mock/reset' }),
        '--only',
        'getModel',
        '--property-runs',
        '0',
        '--report-dir',
        reportDir,
        ...flags,
      ],
      {},
    );
  const report = (reportDir: string) =>
    JSON.parse(readFileSync(path.join(reportDir, 'conformance.json'), 'utf8')) as ConformanceReportJson;

  it('is a warning that names it, and the run passes', async () => {
    const reportDir = path.join(dir, 'lenient');
    const { code, out } = await run(reportDir);
    expect(code).toBe(EXIT_PASS);
    const warnings = JSON.stringify(report(reportDir).warnings ?? {});
    expect(warnings).toContain("the gateway's HTTP server refused the request before the gateway's code ran");
    expect(warnings).toContain('malformed/getModel/header-authorization-nul');
    expect(out).toMatch(/Warnings \(\d+\)/);
    // What the requests sent (a NUL, a control byte) is written printable everywhere, XML included.
    for (const file of ['junit.xml', 'conformance.json', 'conformance.html'])
      expect(readFileSync(path.join(reportDir, file), 'utf8')).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/);
    expect(out).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/);
    // Each reproduction sends the same bytes, and the HTTP server refuses them again.
    const findings = report(reportDir).warnings?.findings ?? [];
    const commands = [...new Set(findings.map((finding) => finding.curl))];
    expect(commands.length).toBeGreaterThan(0);
    for (const command of commands) {
      expect(command).not.toMatch(/[\x00-\x1f\x7f]/);
      const { stdout } = await shell('bash', ['-c', command], { env: { ...process.env, API_KEY: 'sk-mock-user' } });
      expect({ command, status: stdout.split('\r\n')[0] }).toEqual({ command, status: 'HTTP/1.1 400 Bad Request' });
    }
  });

  it('fails the checks on its answer with --strict-http', async () => {
    const reportDir = path.join(dir, 'strict');
    const { code } = await run(reportDir, '--strict-http');
    expect(code).toBe(EXIT_FAIL);
    expect(JSON.stringify(report(reportDir).rootCauses)).toContain('malformed/getModel/header-authorization');
  });
});
