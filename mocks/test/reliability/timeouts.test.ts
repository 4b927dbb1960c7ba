/**
 * Slow clients are cut off by the server's timeouts: a head or a body sent too slowly gets 408
 * in the envelope (ErrorEnvelope; responses RequestTimeout), a client that stops reading a stream is disconnected
 * and its handler stops. Slow but live clients and long paced pauses are left alone.
 */
import net from 'node:net';
import type { MockServer } from '../../src/runtimes/node/server';
import { createMockServer } from '../../src/runtimes/node/server';
import { DEFAULT_TIMEOUTS } from '../../src/core/timeouts';
import { envelopeProblem, send, settle } from './support';

const TIMEOUTS = { ...DEFAULT_TIMEOUTS, headersMs: 400, requestMs: 800, stalledMs: 500 };
/** The echo script answers with the text after `echo:`: 200,000 words make a stream of tens of MB. */
const HUGE_STREAM = JSON.stringify({ model: 'openai/gpt-4o', input: `echo: ${'word '.repeat(200_000)}`, stream: true });
const STREAM_HEAD = (length: number, extra = ''): string =>
  `POST /api/v1/responses HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer sk-mock-user\r\nContent-Type: application/json\r\n${extra}Content-Length: ${length}\r\n\r\n`;

interface Watched {
  readonly socket: net.Socket;
  /** Everything received so far. */
  received(): string;
  /** Resolves with the time (ms after connecting) the server closed the connection. */
  readonly closed: Promise<number>;
}

function connect(port: number, options: { read: boolean }): Watched {
  const socket = net.connect(port, '127.0.0.1');
  const started = performance.now();
  let text = '';
  if (options.read) {
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
  } else {
    socket.pause();
  }
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now() - started)));
  return { socket, received: () => text, closed };
}

/** The status and JSON body of a raw HTTP answer. */
function parseAnswer(raw: string): { status: number; body: Buffer; headers: Record<string, string> } {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n').slice(1))
    headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
  return { status: Number(head.slice(9, 12)), body: Buffer.from(body, 'latin1'), headers };
}

describe('server timeouts for slow clients', () => {
  let mock: MockServer;
  let port = 0;
  // Streams the mock is still running: one that never ends would hold its resources.
  const running = (): number => mock.runningStreams();

  beforeAll(async () => {
    mock = createMockServer({ options: { timeouts: TIMEOUTS } });
    port = Number(new URL(await mock.listen()).port);
  });
  afterAll(async () => {
    await mock.close();
  });

  it('answers 408 in the envelope and closes when the request head trickles in too slowly', async () => {
    const client = connect(port, { read: true });
    client.socket.write('POST /api/v1/responses HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const trickle = setInterval(() => client.socket.write('X-Slow: 1\r\n'), 100);
    const closedAfter = await client.closed;
    clearInterval(trickle);
    const answer = parseAnswer(client.received());
    expect(answer.status).toBe(408);
    expect(envelopeProblem({ status: answer.status, headers: answer.headers, body: answer.body })).toBeUndefined();
    // Not cut before the head's limit, although every line came well within it.
    expect(closedAfter).toBeGreaterThanOrEqual(TIMEOUTS.headersMs - 50);
  });

  it('answers 408 in the envelope and closes when the body never completes', async () => {
    const client = connect(port, { read: true });
    client.socket.write(`${STREAM_HEAD(1_000)}{"model":`);
    await client.closed;
    const answer = parseAnswer(client.received());
    expect(answer.status).toBe(408);
    expect(envelopeProblem({ status: answer.status, headers: answer.headers, body: answer.body })).toBeUndefined();
  });

  it('disconnects a client that stops reading a stream, and the handler stops', async () => {
    const client = connect(port, { read: false });
    client.socket.write(STREAM_HEAD(Buffer.byteLength(HUGE_STREAM)) + HUGE_STREAM);
    expect(await settle(() => running() === 1, 5_000)).toBe(true);
    const connections = (): Promise<number> =>
      new Promise((resolve) => mock.server.getConnections((_err, n) => resolve(n)));
    expect(await settle(async () => running() === 0 && (await connections()) === 0, 10_000)).toBe(true);
    // A paused socket only notices the close once it reads again: it is the server that hung up.
    client.socket.resume();
    await client.closed;
  });

  it('keeps a client that reads slowly but steadily', async () => {
    const client = connect(port, { read: false });
    client.socket.write(STREAM_HEAD(Buffer.byteLength(HUGE_STREAM)) + HUGE_STREAM);
    // 16 KB every 100 ms: the client takes 240 KB over at least 15 sips, three stall periods of
    // reading while bytes wait for it. The answer is tens of MB, so it is far from done by then.
    const SIP = 16 * 1024;
    const SIPS = (TIMEOUTS.stalledMs * 3) / 100;
    let bytes = 0;
    let sips = 0;
    let cut = false;
    void client.closed.then(() => (cut = true));
    const sipped = new Promise<void>((resolve) => {
      const sip = setInterval(() => {
        const chunk = client.socket.read(SIP) as Buffer | null;
        if (chunk) {
          bytes += chunk.length;
          sips += 1;
        }
        if (sips >= SIPS || cut) {
          clearInterval(sip);
          resolve();
        }
      }, 100);
    });
    await sipped;
    expect(cut).toBe(false);
    expect(bytes).toBe(SIPS * SIP);
    client.socket.destroy();
    expect(await settle(() => running() === 0, 2_000)).toBe(true);
  });

  it('keeps a paced stream whose first token waits longer than the stall limit', async () => {
    const answer = await send(`http://127.0.0.1:${port}`, {
      method: 'POST',
      path: '/api/v1/responses',
      headers: {
        authorization: 'Bearer sk-mock-user',
        'content-type': 'application/json',
        'x-mock-first-token-delay-ms': String(TIMEOUTS.stalledMs * 3),
      },
      body: JSON.stringify({ model: 'openai/gpt-4o', input: 'hello', stream: true }),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.toString('utf8').trimEnd().endsWith('data: [DONE]')).toBe(true);
  });
});
