import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startInProcessMock } from '../../mocks/index';
import type { RunningMock } from '../../mocks/index';
import { useCli } from './support/run-cli';
import type { RunningCli } from './support/run-cli';
import type { ConformanceReport } from '../../conformance/index';

describe('model-gateway-mock --proxy (npm start -- --proxy)', () => {
  let mock: RunningMock;
  const startCli = useCli();
  let dir: string;
  beforeAll(async () => {
    mock = await startInProcessMock();
  });
  afterAll(() => mock.close());
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'proxy-cli-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** Starts the proxy CLI in front of the mock; resolves with it and the base URL its banner prints. */
  async function startProxyCli(env: Record<string, string> = {}): Promise<{ cli: RunningCli; baseUrl: string }> {
    const cli = startCli(
      ['--proxy', mock.baseUrl, '--port', '0', '--report-dir', dir],
      env,
      /^Model Gateway proxy listening on (\S+)$/m,
    );
    return { cli, baseUrl: (await cli.ready).baseUrl };
  }

  it('prints each violation on one line as it happens, writes the reports at SIGTERM, and passes a gateway that refused an invalid request', async () => {
    const { cli, baseUrl } = await startProxyCli();
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    const ok = await fetch(`${baseUrl}/model/openai/gpt-4o`, { headers: { authorization: 'Bearer sk-mock-user' } });
    expect(ok.status).toBe(200);
    const bad = await fetch(`${baseUrl}/embeddings/models?limit=-1`, {
      headers: { authorization: 'Bearer sk-mock-user' },
    });
    expect(bad.status).toBe(400);
    while (!cli.stderr().includes('\n')) await new Promise((resolve) => cli.child.stderr?.once('data', resolve));
    expect(cli.stderr().trimEnd().split('\n')).toEqual([
      expect.stringMatching(
        /^proxy: ✗ \[client\] request-valid · listEmbeddingsModels · GET \/api\/v1\/embeddings\/models → 400: the request breaks the spec: query\.limit /,
      ),
    ]);

    cli.child.kill('SIGTERM');
    const exit = await cli.exit;
    expect(exit.code).toBe(0);
    expect(exit.stdout).toMatch(
      /^proxy: 2 exchange\(s\), 0 violation\(s\) by the gateway, 1 client finding\(s\); reports: .*junit\.xml, .*conformance\.json, .*conformance\.html$/m,
    );
    expect(readdirSync(dir).sort()).toEqual(['conformance.html', 'conformance.json', 'junit.xml']);
    const report = JSON.parse(readFileSync(path.join(dir, 'conformance.json'), 'utf8')) as ConformanceReport;
    expect(report).toMatchObject({ passed: true, requests: 2, failures: [], clientFindings: { count: 1 } });
    expect(report.clientFindings?.causes[0]?.title).toMatch(/^1 client finding: /);
    expect(report.features.find((row) => row.id === 'core')?.status).toBe('supported');
    expect(readFileSync(path.join(dir, 'conformance.html'), 'utf8')).toContain('<h2>Client findings (1)</h2>');
    expect(readFileSync(path.join(dir, 'junit.xml'), 'utf8')).toMatch(
      /<testsuite name="client findings"[^>]*>\s*<properties>\s*<property name="client-finding" value="1 client finding: /,
    );
  });

  it.each([
    ['client', 1],
    ['both', 1],
    ['gateway', 0],
  ])('with --fail-on %s, exits %i after a client finding alone', async (who, code) => {
    const cli = startCli(
      ['--proxy', mock.baseUrl, '--port', '0', '--report-dir', dir, '--fail-on', String(who)],
      {},
      /^Model Gateway proxy listening on (\S+)$/m,
    );
    const { baseUrl } = await cli.ready;
    await fetch(`${baseUrl}/embeddings/models?limit=-1`, { headers: { authorization: 'Bearer sk-mock-user' } });
    cli.child.kill('SIGTERM');
    expect((await cli.exit).code).toBe(code);
  });

  it('refuses an unknown --fail-on with one line and exit 2', async () => {
    const exit = await startCli(['--proxy', mock.baseUrl, '--fail-on', 'nobody']).exit;
    expect(exit.code).toBe(2);
    expect(exit.stderr.trim()).toMatch(/--fail-on must be one of gateway, client, both, got "nobody"/);
  });

  it('exits 0 at SIGINT when the traffic kept the spec', async () => {
    const { cli, baseUrl } = await startProxyCli();
    const res = await fetch(`${baseUrl}/responses`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-mock-user', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'openai/gpt-4o', input: 'hello', stream: true }),
    });
    expect((await res.text()).trimEnd().endsWith('data: [DONE]')).toBe(true);
    cli.child.kill('SIGINT');
    const exit = await cli.exit;
    expect(exit).toMatchObject({ code: 0, stderr: '' });
    expect(exit.stdout).toMatch(/^proxy: 1 exchange\(s\), 0 violation\(s\)/m);
  });

  it('under GitHub Actions, annotates client findings as warnings and appends a job summary at exit', async () => {
    const summary = path.join(os.tmpdir(), `proxy-summary-${process.pid}.md`);
    try {
      const { cli, baseUrl } = await startProxyCli({ GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary });
      const bad = await fetch(`${baseUrl}/embeddings/models?limit=-1`, {
        headers: { authorization: 'Bearer sk-mock-user' },
      });
      expect(bad.status).toBe(400);
      cli.child.kill('SIGTERM');
      const exit = await cli.exit;
      expect(exit.code).toBe(0);
      expect(exit.stdout).toMatch(/^::warning title=Conformance%3A client finding::1 client finding: /m);
      expect(exit.stdout).not.toContain('::error');
      const md = readFileSync(summary, 'utf8');
      expect(md).toContain('## Model Gateway conformance (traffic through the proxy)');
      expect(md).toContain('**PASS');
      expect(md).toContain('### Client findings (1)');
    } finally {
      rmSync(summary, { force: true });
    }
  });
});
