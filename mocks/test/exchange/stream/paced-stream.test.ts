import { EventEmitter, once } from 'node:events';
import type { ReplySink, StreamSink } from '../../../src/exchange/reply-sink';
import { RunningStreams } from '../../../src/exchange/running-streams';
import type { Pacing } from '../../../src/exchange/stream/pacing';
import { sendPacedStream } from '../../../src/exchange/stream/paced-stream';
import type { EventStream } from '../../../src/exchange/stream/paced-stream';
import type { StreamFailure } from '../../../src/exchange/stream/stream-failures';
import type { Frame } from '../../../src/exchange/stream/sse-frame';
import { DONE_FRAME } from '../../../src/exchange/stream/sse-frame';

/** A reply sink whose buffer is "full" after every write while `full`; emits 'chunk' per write. */
class FakeResponse extends EventEmitter implements ReplySink, StreamSink {
  /** What each write and the final end carried, in order. */
  readonly chunks: string[] = [];
  full = false;
  ended = false;
  closed = false;
  headers: Record<string, unknown> = {};
  get headersSent(): boolean {
    return 'status' in this.headers;
  }
  get answered(): boolean {
    return this.ended;
  }
  get status(): number {
    return Number(this.headers.status ?? 200);
  }
  setHeader(name: string, value: string): void {
    this.headers[name.toLowerCase()] = value;
  }
  send(): void {
    throw new Error('a stream sends no complete answer');
  }
  stream(status: number, headers: string[]): StreamSink {
    for (let i = 0; i < headers.length; i += 2) this.headers[String(headers[i]).toLowerCase()] = headers[i + 1];
    this.headers.status = status;
    return this;
  }
  write(chunk: string): boolean {
    this.chunks.push(chunk);
    this.emit('chunk', chunk);
    return !this.full;
  }
  onDrain(listener: () => void): () => void {
    this.once('drain', listener);
    return () => this.off('drain', listener);
  }
  end(chunk: string): void {
    this.chunks.push(chunk);
    this.ended = true;
  }
  cut(): void {
    this.closed = true;
  }
  onClose(listener: (aborted: boolean) => void): () => void {
    const onClose = (): void => listener(!this.ended);
    this.once('close', onClose);
    return () => this.off('close', onClose);
  }
  /** The client goes away. */
  hangUp(): void {
    this.closed = true;
    this.emit('close');
  }
}

const frame = (sequence: number, token = true): Frame => ({ text: `data: ${sequence}\n\n`, token, sequence });
const frames = (count: number): Frame[] => Array.from({ length: count }, (_, i) => frame(i));
const NO_PACING: Pacing = { firstTokenDelayMs: 0, tokensPerSecond: 0 };
const tailFrom = (next: number): Frame[] => [{ text: `event: error\ndata: ${next}\n\n`, token: false, sequence: next }];

/** Active timers of this process (a pending wait is one). */
const activeTimers = (): number => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

function send(res: FakeResponse, list: Iterable<Frame>, pacing: Pacing, streams = new RunningStreams()) {
  return sendPacedStream({
    reply: res,
    status: 200,
    stream: { headers: { 'X-Generation-Id': 'gen-1-a' }, frames: list[Symbol.iterator](), pacing, tail: tailFrom },
    streams,
  });
}

/** The frames the client received, one per entry. */
const received = (res: FakeResponse): string[] =>
  res.chunks
    .join('')
    .split('\n\n')
    .filter(Boolean)
    .map((text) => `${text}\n\n`);

describe('paced stream', () => {
  const failure = { code: 'server_error', message: 'gone', errorType: 'provider_unavailable' };
  const tailWith = (next: number, given?: StreamFailure): Frame[] => [
    { text: `event: error\ndata: ${given?.message ?? 'shutdown'} ${next}\n\n`, token: false, sequence: next },
  ];
  const cutStream = (res: FakeResponse, cut: EventStream['cut']) =>
    sendPacedStream({
      reply: res,
      status: 200,
      stream: { headers: {}, frames: frames(5)[Symbol.iterator](), pacing: NO_PACING, tail: tailWith, cut },
      streams: new RunningStreams(),
    });

  it('cuts a stream with its failure tail and [DONE] when a token is due after `afterTokens` were sent', async () => {
    const res = new FakeResponse();
    expect(await cutStream(res, { afterTokens: 2, end: 'error', failure })).toBe('cut');
    expect(received(res)).toEqual([frame(0).text, frame(1).text, 'event: error\ndata: gone 2\n\n', DONE_FRAME]);
  });

  it('drops the connection after `afterTokens`, with no terminal event, once what was gathered is written', async () => {
    const res = new FakeResponse();
    expect(await cutStream(res, { afterTokens: 3, end: 'drop' })).toBe('cut');
    expect(received(res)).toEqual([frame(0).text, frame(1).text, frame(2).text]);
    expect(res.ended).toBe(false);
    expect(res.closed).toBe(true);
  });

  it('completes an answer no longer than the cut', async () => {
    const res = new FakeResponse();
    expect(await cutStream(res, { afterTokens: 5, end: 'drop' })).toBe('sent');
    expect(received(res).at(-1)).toBe(DONE_FRAME);
  });

  it('sends the event-stream head with the given headers, every frame, and a bare [DONE] at the end', async () => {
    const res = new FakeResponse();
    await send(res, frames(2), NO_PACING);
    expect(res.headers).toMatchObject({
      status: 200,
      'content-type': 'text/event-stream; charset=utf-8',
      'x-generation-id': 'gen-1-a',
    });
    expect(received(res)).toEqual([frame(0).text, frame(1).text, DONE_FRAME]);
    expect(res.ended).toBe(true);
  });

  it('gathers frames that need no wait into one write', async () => {
    const res = new FakeResponse();
    await send(res, frames(50), NO_PACING);
    expect(res.chunks).toHaveLength(1);
    expect(res.chunks[0]?.endsWith(DONE_FRAME)).toBe(true);
  });

  it('writes what it gathered before each paced wait', async () => {
    const res = new FakeResponse();
    await send(res, [frame(0, false), ...frames(3).map((f) => ({ ...f, sequence: f.sequence + 1 }))], {
      firstTokenDelayMs: 5,
      tokensPerSecond: 1000,
    });
    // The head event goes before the first wait, each token before the next wait, the last with [DONE].
    expect(res.chunks.map((c) => c.split('\n\n').filter(Boolean).length)).toEqual([1, 1, 1, 2]);
  });

  it('waits for drain when the socket buffer is full, and goes on after it', async () => {
    const res = new FakeResponse();
    res.full = true;
    const firstWrite = once(res, 'chunk');
    const sending = send(res, [frame(0, false), frame(1), frame(2)], { firstTokenDelayMs: 0, tokensPerSecond: 1000 });
    await firstWrite;
    await new Promise((resolve) => setImmediate(resolve));
    expect(res.chunks).toHaveLength(1);
    expect(res.listenerCount('drain')).toBe(1);
    res.full = false;
    res.emit('drain');
    await sending;
    expect(received(res)).toEqual([frame(0, false).text, frame(1).text, frame(2).text, DONE_FRAME]);
    expect(res.listenerCount('drain')).toBe(0);
  });

  it('keeps to its schedule: a token sent late makes the next wait shorter, not the same', async () => {
    const res = new FakeResponse();
    const interval = 100;
    const waits: number[] = [];
    const realSetTimeout = global.setTimeout;
    const spy = jest.spyOn(global, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
      waits.push(ms ?? 0);
      return realSetTimeout(fn, ms);
    }) as typeof setTimeout);
    try {
      const firstWrite = once(res, 'chunk');
      const sending = send(res, frames(4), { firstTokenDelayMs: 0, tokensPerSecond: 1000 / interval });
      await firstWrite;
      // Token 0 is out and token 1 waits: hold the event loop up past token 2's due time.
      const until = performance.now() + 2.5 * interval;
      while (performance.now() < until) {
        // busy
      }
      await sending;
    } finally {
      spy.mockRestore();
    }
    // Token 1's wait was the interval; token 2 was due already and went without one; token 3 waits what is left.
    expect(waits[0]).toBe(interval);
    expect(waits).toHaveLength(2);
    expect(waits[1]).toBeLessThan(interval);
    expect(received(res)).toEqual([...frames(4).map((f) => f.text), DONE_FRAME]);
  });

  it('stops quietly when the client goes away, leaving no timer, listener or entry behind', async () => {
    const res = new FakeResponse();
    const streams = new RunningStreams();
    const timersBefore = activeTimers();
    const firstWrite = once(res, 'chunk');
    const sending = send(res, frames(100), { firstTokenDelayMs: 0, tokensPerSecond: 1 / 3600 }, streams);
    await firstWrite;
    expect(activeTimers()).toBe(timersBefore + 1);
    res.hangUp();
    await sending;
    expect(res.ended).toBe(false);
    expect(activeTimers()).toBe(timersBefore);
    expect(res.listenerCount('close')).toBe(0);
    expect(streams.size).toBe(0);
  });

  it('stops waiting for drain when the client goes away', async () => {
    const res = new FakeResponse();
    res.full = true;
    const firstWrite = once(res, 'chunk');
    const sending = send(res, [frame(0, false), frame(1)], { firstTokenDelayMs: 5, tokensPerSecond: 1000 });
    await firstWrite;
    expect(res.listenerCount('drain')).toBe(1);
    res.hangUp();
    await sending;
    expect(res.listenerCount('drain')).toBe(0);
    expect(res.ended).toBe(false);
  });

  it('rejects, leaving nothing behind, when a frame cannot be made', async () => {
    const res = new FakeResponse();
    const streams = new RunningStreams();
    const timersBefore = activeTimers();
    function* broken(): Generator<Frame> {
      yield frame(0);
      throw new Error('no frame');
    }
    await expect(send(res, broken(), { firstTokenDelayMs: 0, tokensPerSecond: 1000 }, streams)).rejects.toThrow(
      'no frame',
    );
    expect(activeTimers()).toBe(timersBefore);
    expect(res.listenerCount('close')).toBe(0);
    expect(streams.size).toBe(0);
  });

  describe("with the server's running streams", () => {
    /** A stream of 100 deltas at one an hour: resolves once the first delta is out and the wait began. */
    async function pausedStream(streams: RunningStreams) {
      const res = new FakeResponse();
      const firstWrite = once(res, 'chunk');
      const sending = send(res, frames(100), { firstTokenDelayMs: 0, tokensPerSecond: 1 / 3600 }, streams);
      await firstWrite;
      return { res, sending };
    }

    it('ends a waiting stream at once with the tail, numbered on, and [DONE]; no timer, listener or entry is left', async () => {
      const streams = new RunningStreams();
      const timersBefore = activeTimers();
      const { res, sending } = await pausedStream(streams);
      expect(streams.size).toBe(1);
      streams.endAll();
      await sending;
      // The hour-long wait was cut short, not waited out: one delta, then the tail.
      expect(received(res)).toEqual([frame(0).text, 'event: error\ndata: 1\n\n', DONE_FRAME]);
      expect(res.ended).toBe(true);
      expect(activeTimers()).toBe(timersBefore);
      expect(res.listenerCount('close')).toBe(0);
      expect(streams.size).toBe(0);
    });

    it('ends the other streams when one of them cannot make its tail', async () => {
      const streams = new RunningStreams();
      const broken = new FakeResponse();
      const firstWrite = once(broken, 'chunk');
      const failing = sendPacedStream({
        reply: broken,
        status: 200,
        stream: {
          headers: {},
          frames: frames(100)[Symbol.iterator](),
          pacing: { firstTokenDelayMs: 0, tokensPerSecond: 1 / 3600 },
          tail: () => {
            throw new Error('no tail');
          },
        },
        streams,
      });
      await firstWrite;
      const { res, sending } = await pausedStream(streams);
      streams.endAll();
      await expect(failing).rejects.toThrow('no tail');
      await sending;
      expect(received(res).at(-1)).toBe(DONE_FRAME);
      expect(streams.size).toBe(0);
    });

    it('lets a stream that finishes before the shutdown end as planned', async () => {
      const res = new FakeResponse();
      const streams = new RunningStreams();
      await send(res, frames(5), NO_PACING, streams);
      expect(streams.size).toBe(0);
      streams.endAll();
      expect(received(res)).toHaveLength(6);
    });

    it('ends a stream that starts after the shutdown at once, with the tail', async () => {
      const res = new FakeResponse();
      const streams = new RunningStreams();
      streams.endAll();
      await send(res, frames(5), NO_PACING, streams);
      expect(received(res)).toEqual(['event: error\ndata: 0\n\n', DONE_FRAME]);
      expect(streams.size).toBe(0);
    });
  });
});
