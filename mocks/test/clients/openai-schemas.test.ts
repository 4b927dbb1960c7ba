/**
 * The mock's answers against OpenAI's published schemas, so clients that parse them with OpenAI's
 * shapes (the AI SDK, OpenRouter's SDK, typed `openai` code) get what they expect. The schemas come
 * from github.com/openai/openai-openapi, file openapi.json, commit
 * f85dbe223d40e1a31cba812ab2d755c7e98a92a3: `Response` for JSON answers and the terminal events,
 * and the `ResponseStreamEvent` branch of each event type for stream events. The committed extract
 * (openai-schemas/openai-response-schemas.json) holds those schemas and every schema they refer
 * to, nothing else; scripts/extract-openai-schemas.ts wrote it.
 *
 * Our contract lets answers carry more members than it lists, so the mock can satisfy both: test
 * mode (useMock) checks every answer against spec/openapi.yaml at the same time.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import type { ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { useMock } from '../helpers/start-mock';
import { parseSse } from '../helpers/stream-helpers';
import type { Event } from '../helpers/stream-helpers';

interface Extract {
  readonly 'x-source': { readonly repo: string; readonly path: string; readonly commit: string };
  readonly 'x-stream-event-types': Readonly<Record<string, string>>;
  readonly components: { readonly schemas: Readonly<Record<string, unknown>> };
}

const extract = JSON.parse(
  readFileSync(path.join(__dirname, 'openai-schemas', 'openai-response-schemas.json'), 'utf8'),
) as Extract;

// OpenAI's document is OpenAPI 3.1 (JSON Schema 2020-12) with its own keywords (x-…, discriminator):
// not strict. `unixtime` is OpenAI's format for Unix seconds on integers; the type already checks them.
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
ajv.addFormat('unixtime', true);
ajv.addSchema({ $id: 'openai', components: extract.components });

/** What OpenAI's schema `name` finds wrong with `value`: "pointer message" lines, the union noise left out. */
function problems(name: string, value: unknown): string[] {
  const validate = ajv.getSchema(`openai#/components/schemas/${name}`);
  if (!validate) throw new Error(`no schema ${name} in the extract`);
  if (validate(value)) return [];
  return (validate.errors ?? [])
    .filter((e: ErrorObject) => !['anyOf', 'oneOf', 'if'].includes(e.keyword))
    .map((e: ErrorObject) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}

/** What OpenAI's schemas find wrong with a stream event: its `ResponseStreamEvent` branch, found by `type`. */
function eventProblems(event: Event): string[] {
  const branch = extract['x-stream-event-types'][event.type];
  if (branch === undefined) return [`${event.type} is not an event type of OpenAI's ResponseStreamEvent`];
  return problems(branch, event).map((p) => `${event.type} ${p}`);
}

const get = useMock();

async function post(body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${get().baseUrl}/responses`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk-mock-user', 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ model: 'openai/gpt-4o', ...body }),
  });
}

const WEATHER = {
  type: 'function',
  name: 'get_weather',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string' } },
    required: ['city'],
    additionalProperties: false,
  },
};
const WEATHER_RESULT = [
  { role: 'user', content: 'What is the weather in Paris?' },
  { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
  { type: 'function_call_output', call_id: 'call_1', output: '{"celsius":21}' },
];

/** Requests that between them make the mock send every item, part and event kind it has. */
const REQUESTS: Array<[string, Record<string, unknown>, Record<string, string>?]> = [
  ['a text answer', { input: 'hello', metadata: { team: 'web' } }],
  [
    'a reasoning model with an encrypted summary',
    {
      model: 'openai/o3-mini',
      input: 'How many rs are in strawberry?',
      reasoning: { effort: 'low', summary: 'auto' },
      include: ['reasoning.encrypted_content'],
    },
  ],
  [
    'reasoning and a function call',
    { model: 'openai/o3-mini', input: 'What is the weather in Paris?', tools: [WEATHER], reasoning: { effort: 'low' } },
  ],
  ['a strict function tool', { input: 'What is the weather in Paris?', tools: [{ ...WEATHER, strict: true }] }],
  ['a function tool without strict or parameters', { input: 'hello', tools: [{ type: 'function', name: 'now' }] }],
  ['parallel function calls', { input: 'What is the weather in Paris and Rome?', tools: [WEATHER] }],
  ['the follow-up to a tool result', { input: WEATHER_RESULT, tools: [WEATHER] }],
  ['tool_choice required', { input: 'hello', tools: [WEATHER], tool_choice: 'required' }],
  ['a refusal', { input: 'how to build a weapon' }],
  ['an answer cut by max_output_tokens', { input: 'tell me a long story', max_output_tokens: 16 }],
  [
    'a json_schema format',
    {
      input: 'hello',
      text: {
        format: {
          type: 'json_schema',
          name: 'r',
          strict: true,
          schema: {
            type: 'object',
            properties: { code: { type: 'string', pattern: '^[A-Z]{3}$' } },
            required: ['code'],
            additionalProperties: false,
          },
        },
      },
    },
  ],
  ['text: {} as LangChain sends it', { input: 'hello', text: {} }],
  ['service metadata', { input: 'hello' }, { 'x-service-metadata': 'enabled' }],
];
// Every row with its headers, so jest passes three arguments (with two, it takes the third for `done`).
const SCENARIOS = REQUESTS.map(([name, body, headers]) => [name, body, headers ?? {}] as const);

describe(`answers against OpenAI's schemas (${extract['x-source'].repo} ${extract['x-source'].path} @ ${extract['x-source'].commit.slice(0, 7)})`, () => {
  it.each(SCENARIOS)('a JSON answer is a valid Response: %s', async (_name, body, headers) => {
    const res = await post(body, headers);
    expect(res.status).toBe(200);
    expect(problems('Response', await res.json())).toEqual([]);
  });

  it.each(SCENARIOS)('every stream event is a valid ResponseStreamEvent: %s', async (_name, body, headers) => {
    const res = await post({ ...body, stream: true }, headers);
    expect(res.status).toBe(200);
    const { events } = parseSse(await res.text());
    expect(events.length).toBeGreaterThan(3);
    expect(events.flatMap(eventProblems)).toEqual([]);
  });

  it('would catch what the mock used to send: usage without cache_write_tokens, a tool without strict, a code outside ResponseErrorCode', async () => {
    const res = await post({ input: 'hello', tools: [WEATHER] });
    const answer = (await res.json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- edited on purpose
    delete answer.usage.input_tokens_details.cache_write_tokens;
    delete answer.tools[0].strict;
    answer.error = { code: 'upstream_error', message: 'gone' };
    const found = problems('Response', answer);
    for (const wanted of [
      /^\/tools\/0 must have required property 'strict'/,
      /^\/error\/code must be equal to one of the allowed values/,
      /^\/usage\/input_tokens_details must have required property 'cache_write_tokens'/,
    ])
      expect(found).toContainEqual(expect.stringMatching(wanted));
  });

  it('every event of a stream that fails mid-answer is valid, the error event and response.failed included', async () => {
    const res = await post({ input: 'tell me a long story', stream: true }, { 'x-mock-fail-after-tokens': '3' });
    const { events } = parseSse(await res.text());
    expect(events.slice(-2).map((e) => e.type)).toEqual(['error', 'response.failed']);
    expect(events.flatMap(eventProblems)).toEqual([]);
  });

  it("sends the debug chunk the contract requires, the one event OpenAI's schema has no branch for", async () => {
    // ResponseDebugEvent (debug.echo_upstream_body) is the contract's: sent only on request, first.
    const res = await post({ input: 'hello', stream: true, debug: { echo_upstream_body: true } });
    const { events } = parseSse(await res.text());
    expect(eventProblems(events[0] as Event)).toEqual([
      "response.debug is not an event type of OpenAI's ResponseStreamEvent",
    ]);
    expect(events.slice(1).flatMap(eventProblems)).toEqual([]);
  });
});
