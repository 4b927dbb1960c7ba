import { once } from 'node:events';
import type { ServerResponse } from 'node:http';

/** Events are gathered up to this many characters before a write (one chunk, one syscall). */
const BATCH_CHARS = 16 * 1024;

/**
 * Writes a Server-Sent Events body, framed as ResponseStreamEvent's description says: each event is
 * an `event: <type>` line naming its `type` (as OpenAI's Responses streams do; browsers'
 * EventSource dispatches on it) and a `data: <json>` line, then a blank line; the body ends with
 * a bare `data: [DONE]` (the sentinel the spec requires, framed as OpenRouter and OpenAI's chat
 * streams send it: clients check its data, none an event name). Events are batched until `flush()`
 * (the stream flushes before every pause) or until a batch is full. Every write respects backpressure: when the socket
 * buffer is full it waits for 'drain', and gives up at once (AbortError) when the client goes away.
 */
export class SseWriter {
  private pending = '';

  constructor(
    private readonly res: ServerResponse,
    private readonly signal: AbortSignal,
  ) {}

  /** Sends the status line and headers now, so the client sees the stream start. */
  open(headers: Readonly<Record<string, string>>): void {
    for (const [name, value] of Object.entries(headers)) this.res.setHeader(name, value);
    this.res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no',
    });
    this.res.flushHeaders();
  }

  async event(data: { readonly type: string; readonly [member: string]: unknown }): Promise<void> {
    this.pending += `event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`;
    if (this.pending.length >= BATCH_CHARS) await this.flush();
  }

  /** An SSE comment line; clients ignore it. */
  async comment(text: string): Promise<void> {
    this.pending += `: ${text}\n\n`;
    await this.flush();
  }

  /** Writes what is gathered; resolves when the socket can take more. */
  async flush(): Promise<void> {
    this.signal.throwIfAborted();
    if (this.pending === '') return;
    const chunk = this.pending;
    this.pending = '';
    if (!this.res.write(chunk)) await once(this.res, 'drain', { signal: this.signal });
  }

  /** The `[DONE]` sentinel, then the end of the body. */
  async done(): Promise<void> {
    this.pending += 'data: [DONE]\n\n';
    await this.flush();
    this.res.end();
  }
}
