/**
 * Recording changes nothing the client sees: a gateway that sends its answer in parts, waiting
 * between them for the client to have read the first, gets the same bytes to the client through a
 * recording proxy, the first part before the gateway has sent the rest.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startProxy } from '../index';

const FIRST =
  'event: response.created\ndata: {"type":"response.created","sequence_number":0,"response":{"id":"resp_1","created_at":1,"output":[]}}\n\n' +
  ': keep-alive\n\n' +
  'data: {"type":"response.output_text.delta","sequence_number":1,"item_id":"msg_1","delta":"Hel"}\n\n';
const REST =
  'data: {"type":"response.output_text.delta", "sequence_number":2,"item_id":"msg_1","delta":"lo"}\n\n' +
  'data: {"type":"response.completed","sequence_number":3,"response":{"id":"resp_1","created_at":1,"output":[]}}\n\n' +
  'data: [DONE]\n\n';
const JSON_ANSWER = '{ "id" : "resp_2",\n  "object":"response", "output" : [ ] }';

interface Gateway {
  readonly url: string;
  /** Lets the gateway send the rest of its stream. */
  release(): void;
  close(): Promise<void>;
}

async function startGateway(): Promise<Gateway> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const request = JSON.parse(body) as { stream?: boolean; input?: string };
      if (request.input === 'who am I') {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end('{"error":{"code":401,"message":"Missing Authentication header"}}');
        return;
      }
      if (request.input === 'break off') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(FIRST, () => res.destroy());
        return;
      }
      if (request.stream !== true) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON_ANSWER);
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(FIRST);
      void released.then(() => res.end(REST));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`,
    release: () => release(),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('a recording proxy', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'record-relay-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('relays a stream byte for byte as it arrives, and a JSON answer byte for byte, while it records them', async () => {
    const gateway = await startGateway();
    const file = path.join(dir, 'recorded.json');
    const proxy = await startProxy({ upstream: gateway.url, record: file });
    const send = (stream: boolean) =>
      fetch(`${proxy.baseUrl}/responses`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk-test-0123456789', 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'openai/gpt-4o', input: stream ? 'stream me' : 'answer me', stream }),
      });

    const streamed = await send(true);
    const reader = (streamed.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let received = '';
    while (received.length < FIRST.length) received += decoder.decode((await reader.read()).value, { stream: true });
    // The first part is through before the gateway sends another byte.
    expect(received).toBe(FIRST);
    gateway.release();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      received += decoder.decode(chunk.value, { stream: true });
    expect(received).toBe(FIRST + REST);

    expect(await (await send(false)).text()).toBe(JSON_ANSWER);
    await proxy.close();
    await gateway.close();

    const recorded = JSON.parse(readFileSync(file, 'utf8')) as {
      scripts: Array<{ reply: { recorded: { events?: Array<{ event: { type: string } }>; body?: unknown } } }>;
    };
    expect(recorded.scripts.map((s) => s.reply.recorded.events?.map((e) => e.event.type))).toEqual([
      ['response.created', 'response.output_text.delta', 'response.output_text.delta', 'response.completed'],
      undefined,
    ]);
    expect(recorded.scripts[1]?.reply.recorded.body).toEqual(JSON.parse(JSON_ANSWER));
    expect(readFileSync(file, 'utf8')).not.toContain('sk-test-0123456789');
  });

  it('does not record an answer about the key, a request the spec refuses, or a stream the gateway broke off, and says why', async () => {
    const gateway = await startGateway();
    const file = path.join(dir, 'recorded.json');
    const lines: string[] = [];
    const proxy = await startProxy({ upstream: gateway.url, record: file, log: (line) => lines.push(line) });
    const send = (body: unknown) =>
      fetch(`${proxy.baseUrl}/responses`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk-test-0123456789', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((res) => res.text().catch(() => 'cut'));
    await send({ model: 'openai/gpt-4o', input: 'who am I' });
    await send({ model: 'openai/gpt-4o', input: 'answer me', temperature: 'hot' });
    await send({ model: 'openai/gpt-4o', input: 'break off', stream: true });
    await send({ model: 'openai/gpt-4o', input: 'answer me' });
    await proxy.close();
    await gateway.close();
    const recorded = JSON.parse(readFileSync(file, 'utf8')) as { scripts: Array<{ match: unknown }> };
    expect(recorded.scripts.map((s) => s.match)).toEqual([{ model: 'openai/gpt-4o', equals: 'answer me' }]);
    expect(lines.filter((line) => line.startsWith('proxy: not recorded'))).toEqual([
      expect.stringMatching(/→ 401: an answer about the key/),
      expect.stringMatching(/→ 200: the request breaks the spec: .*temperature/),
      expect.stringMatching(/→ 200: the gateway broke off its answer/),
    ]);
  });
});
