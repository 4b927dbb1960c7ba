import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startInProcessMock } from '../../../mocks/index';
import type { RunningMock } from '../../../mocks/index';
import { startProxy, verifyTraffic } from '../../index';
import type { RunningProxy } from '../../index';

const KEY = 'sk-mock-user';

interface Har {
  log: {
    version: string;
    entries: Array<{
      request: { url: string; headers: Array<{ name: string; value: string }>; postData?: { text: string } };
      response: { status: number; content: { text?: string } };
    }>;
  };
}

describe('the proxy with har', () => {
  let mock: RunningMock;
  let proxy: RunningProxy;
  let dir: string;
  let file: string;
  beforeAll(async () => {
    mock = await startInProcessMock();
  });
  afterAll(() => mock.close());
  beforeEach(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'proxy-har-'));
    file = path.join(dir, 'traffic.har');
    proxy = await startProxy({ upstream: mock.baseUrl, har: file });
  });
  afterEach(async () => {
    await proxy.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const read = (): Har => JSON.parse(readFileSync(file, 'utf8')) as Har;
  const ask = (body: unknown): Promise<Response> =>
    fetch(`${proxy.baseUrl}/responses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('is a valid HAR 1.2 from the start and after each exchange, before the proxy stops', async () => {
    expect(read().log).toMatchObject({ version: '1.2', entries: [] });
    await (await fetch(`${proxy.baseUrl}/model/openai/gpt-4o`, { headers: { authorization: `Bearer ${KEY}` } })).text();
    expect(proxy.exchanges).toBe(1);
    expect(read().log.entries.map((e) => e.response.status)).toEqual([200]);
    await (await ask({ model: 'openai/gpt-4o', input: 'Hello' })).text();
    expect(proxy.exchanges).toBe(2);
    expect(read().log.entries).toHaveLength(2);
  });

  it('keeps a stream whole as text, and never the key in clear', async () => {
    const sent = await (
      await ask({ model: 'openai/gpt-4o', input: 'Hello', stream: true, metadata: { api_key: KEY } })
    ).text();
    await proxy.close();
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(KEY);
    const [entry] = read().log.entries;
    // The mock echoes the metadata: the key in the answer is scrubbed too, nothing else changes.
    expect(sent).toContain(KEY);
    expect(entry?.response.content.text).toBe(sent.split(KEY).join('[redacted]'));
    expect(entry?.request.headers).toContainEqual({ name: 'authorization', value: 'Bearer [redacted]' });
    expect(JSON.parse(entry?.request.postData?.text ?? '{}')).toMatchObject({ metadata: { api_key: '[redacted]' } });
  });

  it('keeps every secret header out of the file, and its value wherever else it appears (the URL)', async () => {
    const secrets = ['cookie-value-1234', 'xk-secret-5678', 'tok-in-url-9012'];
    await (
      await fetch(`${proxy.baseUrl}/model/openai/gpt-4o?token=${secrets[2]}`, {
        headers: {
          authorization: `Bearer ${KEY}`,
          cookie: `session=${secrets[0]}`,
          'x-api-key': secrets[1] as string,
          'x-auth-token': secrets[2] as string,
        },
      })
    ).text();
    await proxy.close();
    const text = readFileSync(file, 'utf8');
    for (const secret of [KEY, ...secrets]) expect(text).not.toContain(secret);
    const headers = read().log.entries[0]?.request.headers ?? [];
    expect(headers).toContainEqual({ name: 'cookie', value: '[redacted]' });
    expect(headers).toContainEqual({ name: 'x-api-key', value: '[redacted]' });
  });

  it('writes a recording (--record) verify reads too, its stream and JSON answers judged', async () => {
    const recording = path.join(dir, 'recording.json');
    const recorder = await startProxy({ upstream: mock.baseUrl, record: recording });
    for (const stream of [false, true])
      await (
        await fetch(`${recorder.baseUrl}/responses`, {
          method: 'POST',
          headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'openai/gpt-4o', input: stream ? 'Stream it' : 'Hello', stream }),
        })
      ).text();
    await recorder.close();
    const verified = await verifyTraffic({ files: [recording] });
    expect(verified.exchanges).toBe(2);
    expect(verified.violations()).toEqual([]);
    expect(verified.report().coverage?.eventTypes.exercised).toContain('response.completed');
  });

  it('is read back by verify, which judges it as the proxy did', async () => {
    await (await ask({ model: 'openai/gpt-4o', input: 'Hello', stream: true })).text();
    await (
      await fetch(`${proxy.baseUrl}/embeddings/models?limit=-1`, { headers: { authorization: `Bearer ${KEY}` } })
    ).text();
    await proxy.close();
    const verified = await verifyTraffic({ files: [file] });
    expect(verified.exchanges).toBe(proxy.exchanges);
    expect(verified.violations().map((v) => v.check)).toEqual(proxy.violations().map((v) => v.check));
    expect(verified.violationCount).toBe(1);
  });
});
