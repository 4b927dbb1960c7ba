import { Readable } from 'node:stream';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createOpenAI } from '@ai-sdk/openai';
import { APICallError, convertToModelMessages, stepCountIs, streamText, tool } from 'ai';
import type { UIMessage } from 'ai';
import { z } from 'zod';
import type { AppRoute } from './page-app';

export interface ChatRouteLog {
  /** The route's streamText saw the page leave and aborted its call to the mock. */
  aborted: boolean;
}

/** What the page shows for a failed call: the status, the message and when to retry, if known. */
export function describeError(error: unknown): string {
  if (!APICallError.isInstance(error)) return error instanceof Error ? error.message : String(error);
  const retryAfter = error.responseHeaders?.['retry-after'];
  return `${error.statusCode ?? 'no status'}: ${error.message}${retryAfter === undefined ? '' : ` (retry after ${retryAfter} s)`}`;
}

/**
 * `POST /api/chat` as a Next.js route handler writes it with the AI SDK: the page's UI messages go
 * to `streamText` on the mock (a weather tool, `stopWhen`), and `toUIMessageStreamResponse()` is
 * the answer. The page's abort reaches the mock through the request's signal, as `req.signal`
 * does in Next.js. The page's `x-mock-*` headers (pacing) go on to the mock, and `x-prefer` as `Prefer`.
 */
export function chatRoute(baseUrl: string, log: ChatRouteLog): AppRoute {
  const gateway = createOpenAI({ baseURL: baseUrl, apiKey: 'sk-mock-user' });
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const { messages } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { messages: UIMessage[] };
    const signal = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) signal.abort();
    });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value !== 'string') continue;
      if (name.startsWith('x-mock-')) headers[name] = value;
      else if (name === 'x-prefer') headers.Prefer = value;
    }
    const result = streamText({
      model: gateway.responses('openai/gpt-4o'),
      messages: await convertToModelMessages(messages),
      tools: {
        get_weather: tool({
          description: 'The current weather in a city',
          inputSchema: z.object({ city: z.string() }),
          execute: ({ city }) => Promise.resolve({ city, celsius: 21 }),
        }),
      },
      stopWhen: stepCountIs(5),
      maxRetries: 0,
      abortSignal: signal.signal,
      headers,
      onAbort: () => {
        log.aborted = true;
      },
      // The page gets errors through toUIMessageStreamResponse's onError; without this, streamText
      // (ai 7) also prints each one with console.error.
      onError: () => undefined,
    });
    const answer = result.toUIMessageStreamResponse({ onError: describeError });
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    Readable.fromWeb(answer.body! as never).pipe(res);
  };
  return (req, res) => {
    if (req.method !== 'POST' || req.url !== '/api/chat') return false;
    handle(req, res).catch(() => res.destroy());
    return true;
  };
}
