import { EventEmitter, getEventListeners, once } from 'node:events';
import type { ServerResponse } from 'node:http';
import { mockOptions } from '../../src/options';
import { RunningStreams } from '../../src/running-streams';
import { GatewayError } from '../../src/pipeline/gateway-error';
import { pause, resolvePacing } from '../../src/stream/pacing';
import { SseWriter } from '../../src/stream/sse-writer';
import type { PlannedEvent } from '../../src/stream/stream-events';
import { writeStream } from '../../src/stream/write-stream';
import { SPEC_FACTS } from '../helpers/spec-facts';

/** A response whose socket buffer is "full" after every write until the test drains it; emits 'chunk' per write. */
class FakeResponse extends EventEmitter {
  readonly chunks: string[] = [];
  full = false;
  ended = false;
  headers: Record<string, unknown> = {};
  setHeader(name: string, value: string): void {
    this.headers[name.toLowerCase()] = value;
  }
  writeHead(status: number, headers: Record<string, string>): void {
    this.headers = { ...this.headers, ...headers, status };
  }
  flushHeaders(): void {}
  write(chunk: string): boolean {
    this.chunks.push(chunk);
    this.emit('chunk', chunk);
    return !this.full;
  }
  end(): void {
    this.ended = true;
  }
}

function writerFor(res: FakeResponse, signal: AbortSignal): SseWriter {
  return new SseWriter(res as unknown as ServerResponse, signal);
}

function planned(count: number): PlannedEvent[] {
  return Array.from({ length: count }, (_, i) => ({
    event: {
      type: 'response.output_text.delta',
      sequence_number: i,
      item_id: 'msg_1',
      output_index: 0,
      content_index: 0,
      delta: `t${i}`,
      logprobs: [],
    },
    token: true,
  }));
}

/** Active timers of this process (a pending pause is one). */
const activeTimers = (): number => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

describe('SSE writer', () => {
  it('frames each event as an event line naming its type and a data line, and ends with a bare [DONE]', async () => {
    const res = new FakeResponse();
    const writer = writerFor(res, new AbortController().signal);
    writer.open({ 'X-Generation-Id': 'gen-1-a' });
    await writer.event({ type: 'response.created', sequence_number: 0 });
    await writer.done();
    expect(res.chunks.join('')).toBe(
      'event: response.created\ndata: {"type":"response.created","sequence_number":0}\n\ndata: [DONE]\n\n',
    );
    expect(res.headers).toMatchObject({
      status: 200,
      'content-type': 'text/event-stream; charset=utf-8',
      'x-generation-id': 'gen-1-a',
    });
    expect(res.ended).toBe(true);
  });

  it('waits for drain when the socket buffer is full', async () => {
    const res = new FakeResponse();
    res.full = true;
    const writer = writerFor(res, new AbortController().signal);
    await writer.event({ type: 'a' });
    let flushed = false;
    const flushing = writer.flush().then(() => {
      flushed = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(flushed).toBe(false);
    expect(res.listenerCount('drain')).toBe(1);
    res.full = false;
    res.emit('drain');
    await flushing;
    expect(flushed).toBe(true);
    expect(res.listenerCount('drain')).toBe(0);
  });

  it('stops waiting for drain when the client goes away, leaving no listener behind', async () => {
    const res = new FakeResponse();
    res.full = true;
    const controller = new AbortController();
    const writer = writerFor(res, controller.signal);
    await writer.event({ type: 'a' });
    const flushing = writer.flush();
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    await expect(flushing).rejects.toMatchObject({ name: 'AbortError' });
    expect(res.listenerCount('drain')).toBe(0);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('batches events written without pacing into one write', async () => {
    const res = new FakeResponse();
    await writeStream(
      writerFor(res, new AbortController().signal),
      planned(50),
      { firstTokenDelayMs: 0, tokensPerSecond: 0 },
      new AbortController().signal,
    );
    expect(res.chunks).toHaveLength(1);
    expect(res.chunks[0]?.endsWith('data: [DONE]\n\n')).toBe(true);
  });

  it('flushes each event before a paced wait', async () => {
    const res = new FakeResponse();
    const signal = new AbortController().signal;
    await writeStream(writerFor(res, signal), planned(3), { firstTokenDelayMs: 5, tokensPerSecond: 1000 }, signal);
    expect(res.chunks.map((c) => c.split('\n\n').filter(Boolean).length)).toEqual([1, 1, 2]);
  });

  describe("with the server's running streams", () => {
    const tail = (next: number): PlannedEvent[] => [
      {
        event: {
          type: 'error',
          sequence_number: next,
          code: 'server_error',
          message: 'bye',
          param: null,
          error: { type: 'server_error', code: 'server_error', message: 'bye', param: null },
        },
        token: false,
      },
    ];
    const sent = (res: FakeResponse): string[] => res.chunks.join('').split('\n\n').filter(Boolean);

    /**
     * A stream of 100 deltas at one an hour: the first goes out at once, then the stream waits in
     * a pause it can only leave by an abort. Resolves once that first delta is written and the pause began.
     */
    async function pausedStream() {
      const res = new FakeResponse();
      const client = new AbortController();
      const shutdown = new RunningStreams();
      const timersBefore = activeTimers();
      const firstChunk = once(res, 'chunk');
      const writing = writeStream(
        writerFor(res, client.signal),
        planned(100),
        { firstTokenDelayMs: 0, tokensPerSecond: 1 / 3600 },
        client.signal,
        { streams: shutdown, tail },
      );
      await firstChunk;
      // The stream goes on to its pause in promise jobs; they have all run before the next turn.
      await new Promise((resolve) => setImmediate(resolve));
      return { res, client, shutdown, writing, timersBefore };
    }

    it('ends a paused stream at once with the tail, numbered on, and [DONE]; no timer, listener or entry is left', async () => {
      const { res, client, shutdown, writing, timersBefore } = await pausedStream();
      expect(activeTimers()).toBe(timersBefore + 1);
      expect(shutdown.size).toBe(1);
      shutdown.endAll();
      await writing;
      // The hour-long pause was cut short, not waited out: one delta, then the tail.
      expect(sent(res)).toEqual([
        expect.stringContaining('"sequence_number":0,'),
        'event: error\ndata: {"type":"error","sequence_number":1,"code":"server_error","message":"bye","param":null,"error":{"type":"server_error","code":"server_error","message":"bye","param":null}}',
        'data: [DONE]',
      ]);
      expect(res.ended).toBe(true);
      expect(activeTimers()).toBe(timersBefore);
      expect(getEventListeners(client.signal, 'abort')).toHaveLength(0);
      expect(shutdown.size).toBe(0);
    });

    it('stops quietly, with no tail, when the client went away first', async () => {
      const { res, client, shutdown, writing, timersBefore } = await pausedStream();
      client.abort();
      shutdown.endAll();
      await expect(writing).rejects.toMatchObject({ name: 'AbortError' });
      expect(sent(res).some((line) => line.includes('"error"') || line === 'data: [DONE]')).toBe(false);
      expect(activeTimers()).toBe(timersBefore);
      expect(shutdown.size).toBe(0);
    });

    it('lets a stream that finishes before the shutdown end as planned', async () => {
      const res = new FakeResponse();
      const shutdown = new RunningStreams();
      const client = new AbortController().signal;
      await writeStream(writerFor(res, client), planned(5), { firstTokenDelayMs: 0, tokensPerSecond: 0 }, client, {
        streams: shutdown,
        tail,
      });
      expect(shutdown.size).toBe(0);
      shutdown.endAll();
      expect(sent(res)).toHaveLength(6);
    });

    it('ends a stream that starts after the shutdown at once, with the tail', async () => {
      const res = new FakeResponse();
      const shutdown = new RunningStreams();
      shutdown.endAll();
      const client = new AbortController().signal;
      await writeStream(writerFor(res, client), planned(5), { firstTokenDelayMs: 0, tokensPerSecond: 0 }, client, {
        streams: shutdown,
        tail,
      });
      expect(sent(res)).toEqual([expect.stringContaining('"sequence_number":0,"code":"server_error"'), 'data: [DONE]']);
      expect(shutdown.size).toBe(0);
    });
  });
});

describe('pacing', () => {
  it('takes request headers over options over fixtures', () => {
    const fixtures = { pacing: { first_token_delay_ms: 1, tokens_per_second: 2 } };
    expect(resolvePacing({}, mockOptions(SPEC_FACTS.apiBasePath), fixtures)).toEqual({
      firstTokenDelayMs: 1,
      tokensPerSecond: 2,
    });
    expect(
      resolvePacing({}, mockOptions(SPEC_FACTS.apiBasePath, { pacing: { tokensPerSecond: 30 } }), fixtures),
    ).toEqual({
      firstTokenDelayMs: 1,
      tokensPerSecond: 30,
    });
    expect(
      resolvePacing(
        { 'x-mock-first-token-delay-ms': '250', 'x-mock-tokens-per-second': '12.5' },
        mockOptions(SPEC_FACTS.apiBasePath, { pacing: { tokensPerSecond: 30 } }),
        fixtures,
      ),
    ).toEqual({ firstTokenDelayMs: 250, tokensPerSecond: 12.5 });
    expect(resolvePacing({}, mockOptions(SPEC_FACTS.apiBasePath), {})).toEqual({
      firstTokenDelayMs: 0,
      tokensPerSecond: 0,
    });
  });

  it.each(['-1', 'fast', '', '9999999'])('rejects the header value "%s" with 400', (value) => {
    expect(() =>
      resolvePacing(
        { 'x-mock-tokens-per-second': value, 'x-mock-first-token-delay-ms': value },
        mockOptions(SPEC_FACTS.apiBasePath),
        {},
      ),
    ).toThrow(GatewayError);
  });

  it('ends a pause at once on abort and leaves no timer or listener', async () => {
    const controller = new AbortController();
    const before = activeTimers();
    const waiting = pause(3_600_000, controller.signal);
    expect(activeTimers()).toBe(before + 1);
    controller.abort();
    // Rejects now, and the hour's timer is gone rather than left to run out.
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    expect(activeTimers()).toBe(before);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('schedules no timer for a pause of 0', async () => {
    const before = activeTimers();
    const waiting = pause(0, new AbortController().signal);
    expect(activeTimers()).toBe(before);
    await waiting;
  });
});
