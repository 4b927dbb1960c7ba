/**
 * Drives OpenRouter's SDK (`@openrouter/sdk`, its Responses client and `callModel`) against a running
 * mock and prints what happened as one JSON object. The SDK ships only as ES modules, which jest's
 * CommonJS runtime cannot load, so openrouter-sdk.test.ts runs this file in a child process
 * (`node --import tsx run-openrouter.ts <API base URL>`) and asserts on its output.
 */
import { z } from 'zod';

export interface OpenRouterReport {
  readonly send: { text: string | undefined; status: string | undefined; cacheWriteTokens: number | null | undefined };
  readonly stream: { types: string[]; text: string };
  readonly failingStream: { types: string[]; threw: string | undefined; errorCode: unknown };
  readonly toolLoop: { text: string; requests: number; executed: unknown[] };
  readonly errors: Array<{ status: number; errorClass: string }>;
}

async function run(baseUrl: string): Promise<OpenRouterReport> {
  const { OpenRouter, HTTPClient } = await import('@openrouter/sdk');
  const { tool } = await import('@openrouter/sdk/lib/tool.js');
  const { stepCountIs } = await import('@openrouter/sdk/lib/stop-conditions.js');
  let requests = 0;
  const httpClient = new HTTPClient({
    fetcher: (input, init) => {
      requests++;
      return fetch(input, init);
    },
  });
  // The SDK retries 5xx for up to an hour by default: off, so a failure shows at once.
  const client = (apiKey = 'sk-mock-user') =>
    new OpenRouter({ apiKey, serverURL: baseUrl, httpClient, retryConfig: { strategy: 'none' } });

  const sent = answer(
    await client().beta.responses.send({ responsesRequest: { model: 'openai/gpt-4o', input: 'hello' } }),
  );
  const message = sent.output?.find((item) => item.type === 'message');
  const part = message && 'content' in message && Array.isArray(message.content) ? message.content[0] : undefined;

  const stream = events(
    await client().beta.responses.send({
      responsesRequest: { model: 'openai/gpt-4o', input: 'tell me a long story', stream: true },
    }),
  );
  const types: string[] = [];
  let text = '';
  for await (const event of stream) {
    types.push(event.type);
    if (event.type === 'response.output_text.delta') text += event.delta;
  }

  const failing = events(
    await client().beta.responses.send(
      { responsesRequest: { model: 'openai/gpt-4o', input: 'tell me a long story', stream: true } },
      { headers: { 'x-mock-fail-after-tokens': '3' } },
    ),
  );
  const failedTypes: string[] = [];
  let threw: string | undefined;
  let errorCode: unknown;
  try {
    for await (const event of failing) {
      failedTypes.push(event.type);
      if (event.type === 'error') errorCode = event.code;
    }
  } catch (error) {
    threw = String(error);
  }

  const executed: unknown[] = [];
  const weather = tool({
    name: 'get_weather',
    description: 'The current weather in a city',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }: { city: string }) => {
      executed.push(city);
      return { city, celsius: 21 };
    },
  });
  const before = requests;
  const loop = client().callModel({
    model: 'openai/gpt-4o',
    input: 'What is the weather in Paris?',
    tools: [weather],
    stopWhen: stepCountIs(5),
  });
  const loopText = await loop.getText();
  const loopRequests = requests - before;

  const errors: OpenRouterReport['errors'] = [];
  for (const [key, model] of [
    ['sk-mock-user', 'acme/unknown'],
    ['sk-wrong', 'openai/gpt-4o'],
  ] as const) {
    try {
      await client(key).beta.responses.send({ responsesRequest: { model, input: 'hello' } });
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode ?? 0;
      errors.push({ status, errorClass: (error as Error).constructor.name });
    }
  }

  return {
    send: {
      text: part && 'text' in part ? part.text : undefined,
      status: sent.status,
      cacheWriteTokens: sent.usage?.inputTokensDetails?.cacheWriteTokens,
    },
    stream: { types, text },
    failingStream: { types: failedTypes, threw, errorCode },
    toolLoop: { text: loopText, requests: loopRequests, executed },
    errors,
  };
}

/** The JSON answer of `send()`, which returns an event stream instead for `stream: true`. */
function answer<T extends object>(sent: T): Exclude<T, AsyncIterable<unknown>> {
  if (Symbol.asyncIterator in sent) throw new Error('expected a JSON answer, got an event stream');
  return sent as Exclude<T, AsyncIterable<unknown>>;
}

/** The event stream of `send({ stream: true })`. */
function events<T extends object>(sent: T): Extract<T, AsyncIterable<unknown>> {
  if (!(Symbol.asyncIterator in sent)) throw new Error('expected an event stream, got a JSON answer');
  return sent as Extract<T, AsyncIterable<unknown>>;
}

const [baseUrl] = process.argv.slice(2);
if (baseUrl === undefined) {
  console.error('usage: node --import tsx run-openrouter.ts <API base URL>');
  process.exitCode = 2;
} else {
  run(baseUrl).then(
    (report) => process.stdout.write(JSON.stringify(report)),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
