import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startInProcessMock } from '../../mocks/index';
import type { RunningMock } from '../../mocks/index';
import { useCli } from './support/run-cli';
import type { RunningCli } from './support/run-cli';

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

  it('prints each violation on one line as it happens, writes the reports at SIGTERM and exits 1', async () => {
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
        /^proxy: ✗ request-valid · listEmbeddingsModels · GET \/api\/v1\/embeddings\/models → 400: the request breaks the spec: query\.limit /,
      ),
    ]);

    cli.child.kill('SIGTERM');
    const exit = await cli.exit;
    expect(exit.code).toBe(1);
    expect(exit.stdout).toMatch(
      /^proxy: 2 exchange\(s\), 1 violation\(s\); reports: .*junit\.xml, .*conformance\.json, .*conformance\.html$/m,
    );
    expect(readdirSync(dir).sort()).toEqual(['conformance.html', 'conformance.json', 'junit.xml']);
    const report = JSON.parse(readFileSync(path.join(dir, 'conformance.json'), 'utf8')) as {
      passed: boolean;
      requests: number;
    };
    expect(report).toMatchObject({ passed: false, requests: 2 });
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

  it('under GitHub Actions, annotates each root cause and appends a job summary at exit', async () => {
    const summary = path.join(os.tmpdir(), `proxy-summary-${process.pid}.md`);
    try {
      const { cli, baseUrl } = await startProxyCli({ GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary });
      const bad = await fetch(`${baseUrl}/embeddings/models?limit=-1`, {
        headers: { authorization: 'Bearer sk-mock-user' },
      });
      expect(bad.status).toBe(400);
      cli.child.kill('SIGTERM');
      const exit = await cli.exit;
      expect(exit.code).toBe(1);
      expect(exit.stdout).toMatch(
        /^::error title=Conformance%3A request-valid::1 failure: request-valid .*%0Areproduce: curl /m,
      );
      const md = readFileSync(summary, 'utf8');
      expect(md).toContain('## Model Gateway conformance (traffic through the proxy)');
      expect(md).toContain('**FAIL: ');
      expect(md).toContain('### Root causes (1)');
    } finally {
      rmSync(summary, { force: true });
    }
  });
});
