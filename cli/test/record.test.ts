import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadFixtures, startInProcessMock, withScripts } from '../../mocks/index';
import type { RunningMock } from '../../mocks/index';
import { useCli } from './support/run-cli';

const HEADERS = { authorization: 'Bearer sk-mock-user', 'content-type': 'application/json' };
const TEAM_TOKEN = 'team-token-0123456789';

async function post(baseUrl: string, body: unknown, extra: Record<string, string> = {}): Promise<Response> {
  return fetch(`${baseUrl}/responses`, {
    method: 'POST',
    headers: { ...HEADERS, ...extra },
    body: JSON.stringify(body),
  });
}

describe('model-gateway-mock --proxy URL --record FILE, then --scripts FILE', () => {
  let mock: RunningMock;
  const startCli = useCli();
  let dir: string;
  let file: string;
  beforeAll(async () => {
    mock = await startInProcessMock();
  });
  afterAll(() => mock.close());
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'record-cli-'));
    file = path.join(dir, 'gateway.json');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps a complete file when the proxy is killed mid-stream, redacts what --redact names, and the mock replays it', async () => {
    const proxy = startCli(
      ['--proxy', mock.baseUrl, '--port', '0', '--report-dir', dir, '--record', file, '--redact', 'x-team-token'],
      {},
      /^Model Gateway proxy listening on (\S+)$/m,
    );
    const { baseUrl } = await proxy.ready;
    const body = {
      model: 'openai/gpt-4o',
      input: `hello, my token is ${TEAM_TOKEN}`,
      metadata: { 'x-team-token': 'abc' },
    };
    const first = (await (await post(baseUrl, body, { 'x-team-token': TEAM_TOKEN })).json()) as {
      output: Array<{ content: Array<{ text: string }> }>;
    };
    while (!existsSync(file)) await new Promise((resolve) => setTimeout(resolve, 10));

    // A slow stream: once its first delta reached the client, the proxy is killed without warning.
    const stream = await post(
      baseUrl,
      { model: 'openai/gpt-4o', input: 'tell me a long story', stream: true },
      { 'x-mock-tokens-per-second': '20' },
    );
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    let seen = '';
    while (!seen.includes('response.output_text.delta')) seen += new TextDecoder().decode((await reader.read()).value);
    proxy.child.kill('SIGKILL');
    await proxy.exit;
    await reader.cancel().catch(() => undefined);

    const text = readFileSync(file, 'utf8');
    const scripts = (
      JSON.parse(text) as { scripts: Array<{ match: unknown; reply: { recorded: { body: { metadata: unknown } } } }> }
    ).scripts;
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.match).toEqual({ model: 'openai/gpt-4o', equals: 'hello, my token is [redacted]' });
    expect(scripts[0]?.reply.recorded.body.metadata).toEqual({ 'x-team-token': '[redacted]' });
    expect(text).not.toContain(TEAM_TOKEN);
    expect(text).not.toContain('sk-mock-user');
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(() => withScripts(loadFixtures(), file)).not.toThrow();

    const replay = startCli(['--port', '0', '--scripts', file, '--strict-replay', '--fast-replay']);
    const replayUrl = (await replay.ready).baseUrl;
    const again = await post(replayUrl, { model: 'openai/gpt-4o', input: 'hello, my token is [redacted]' });
    expect(again.status).toBe(200);
    const answer = (await again.json()) as typeof first;
    expect(answer.output[0]?.content[0]?.text).toBe(first.output[0]?.content[0]?.text);
    const miss = await post(replayUrl, { model: 'openai/gpt-4o', input: 'tell me a long story' });
    expect(miss.status).toBe(404);
    replay.child.kill('SIGTERM');
    expect((await replay.exit).code).toBe(0);
  });

  it('refuses to start over a file that is not a scripts file, naming it, and leaves it alone', async () => {
    const broken = '{ "scripts": [ { "name": "x" } ] }';
    writeFileSync(file, broken);
    const proxy = startCli(['--proxy', mock.baseUrl, '--port', '0', '--record', file]);
    const exit = await proxy.exit;
    expect(exit.code).toBe(2);
    expect(exit.stderr).toContain(`${file}: /scripts/0`);
    expect(readFileSync(file, 'utf8')).toBe(broken);
  });
});
