/**
 * Record and replay (docs/record-replay.md): the proxy records the mock as its upstream (JSON, a
 * stream, a two-step tool loop, a reasoning answer, errors), the upstream stops, and a mock loaded
 * with the recording replays it: the same texts and event sequences, every stream valid by the
 * kit's stream oracle, no key in the file.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadFixtures, startInProcessMock, withScripts } from '../../mocks/index';
import type { FixtureScript, MockOptions, RunningMock } from '../../mocks/index';
import { loadContract } from '../../kit/contract/contract';
import { readSse } from '../../kit/sse/read-sse';
import { streamProblems } from '../../kit/stream/stream-oracle';
import { streamSpec } from '../../kit/stream/stream-spec';
import { startProxy } from '../index';

const KEY = 'sk-mock-user';
const HEADERS = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
const WEATHER_TOOL = {
  type: 'function',
  name: 'get_weather',
  description: 'Current weather for a city.',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};
const QUESTION = 'What is the weather in Paris?';

/** The requests recorded, each with what to send again on replay. */
const JSON_TEXT = { model: 'openai/gpt-4o', input: 'hello' };
const STREAM = { model: 'openai/gpt-4o', input: 'tell me a long story', stream: true };
const REASONING = {
  model: 'openai/o3-mini',
  input: "How many r's are in strawberry?",
  reasoning: { effort: 'low' },
  stream: true,
};
const FAILING = { model: 'openai/gpt-4o', input: 'Tell me a long story about a failure' };
const UNKNOWN_MODEL = { model: 'openai/gpt-99', input: 'hello' };
const TOOL_STEP_1 = { model: 'openai/gpt-4o', input: QUESTION, tools: [WEATHER_TOOL] };
const toolStep2 = (callId: string) => ({
  model: 'openai/gpt-4o',
  tools: [WEATHER_TOOL],
  input: [
    { role: 'user', content: QUESTION },
    { type: 'function_call', call_id: callId, name: 'get_weather', arguments: '{"city":"Paris"}' },
    { type: 'function_call_output', call_id: callId, output: '{"celsius":21}' },
  ],
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test reads answers loosely

async function post(baseUrl: string, body: unknown, extra: Record<string, string> = {}) {
  const res = await fetch(`${baseUrl}/responses`, {
    method: 'POST',
    headers: { ...HEADERS, ...extra },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

const spec = streamSpec(loadContract());
const events = (text: string): Json[] =>
  readSse(text)
    .events.filter((e) => e.json !== undefined)
    .map((e) => e.json as Json);
const outputTexts = (result: Json): string[] =>
  (result.output as Json[]).flatMap((item) =>
    item.type === 'message'
      ? (item.content as Json[]).map((part) => String(part.text ?? part.refusal))
      : item.type === 'function_call'
        ? [`${item.name}(${item.arguments})`]
        : (item.summary as Json[]).map((part) => String(part.text)),
  );

let dir: string;
let file: string;
/** What the upstream answered while recording, by request. */
const recorded = new Map<string, { status: number; text: string }>();

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'record-'));
  file = path.join(dir, 'recorded.json');
  const upstream = await startInProcessMock();
  const lines: string[] = [];
  const proxy = await startProxy({ upstream: upstream.baseUrl, record: file, log: (line) => lines.push(line) });
  const send = async (name: string, body: unknown, extra?: Record<string, string>) => {
    const answer = await post(proxy.baseUrl, body, extra);
    recorded.set(name, answer);
    return answer;
  };
  await send('json', JSON_TEXT);
  await send('json again', JSON_TEXT);
  await send('stream', STREAM);
  await send('reasoning', REASONING);
  await send('unknown model', UNKNOWN_MODEL);
  await send('upstream failure', FAILING, { 'x-mock-fail-after-tokens': '3' });
  const step1 = await send('tool step 1', TOOL_STEP_1);
  const call = (JSON.parse(step1.text) as Json).output.find((item: Json) => item.type === 'function_call') as Json;
  await send('tool step 2', toolStep2(String(call.call_id)));
  await proxy.close();
  await upstream.close();
  expect(lines.filter((line) => line.includes('not recorded'))).toEqual([]);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a recording', () => {
  it('is a pretty-printed scripts file that --scripts loads, one script per exchange, in order, each with when and from where', () => {
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/^\{\n {2}"scripts": \[\n/);
    const scripts = (JSON.parse(text) as { scripts: FixtureScript[] }).scripts;
    // The JSON exchange recorded twice is one script.
    expect(scripts.map((s) => s.match)).toEqual([
      { model: 'openai/gpt-4o', equals: 'hello' },
      { model: 'openai/gpt-4o', equals: 'tell me a long story' },
      { model: 'openai/o3-mini', equals: "How many r's are in strawberry?" },
      { model: 'openai/gpt-99', equals: 'hello' },
      { model: 'openai/gpt-4o', equals: FAILING.input },
      { model: 'openai/gpt-4o', equals: QUESTION },
      { model: 'openai/gpt-4o', tool: 'get_weather', output: { equals: '{"celsius":21}' } },
    ]);
    for (const script of scripts) {
      const reply = script.reply as { recorded: Json };
      expect(new Date(String(reply.recorded.at)).getTime()).toBeGreaterThan(Date.now() - 600_000);
      expect(String(reply.recorded.from)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    }
    expect(() => withScripts(loadFixtures(), file)).not.toThrow();
    expect(readdirSync(dir)).toEqual(['recorded.json']);
  });

  it('holds no key anywhere', () => {
    expect(readFileSync(file, 'utf8')).not.toContain(KEY);
    expect(readFileSync(file, 'utf8').toLowerCase()).not.toContain('bearer');
  });
});

describe('replaying a recording once the gateway is gone', () => {
  let mock: RunningMock;
  const start = async (options: Partial<MockOptions> = {}) => {
    mock = await startInProcessMock({
      fixtures: withScripts(loadFixtures(), file),
      options: { validateResponses: true, replayPace: 'fast', ...options },
    });
    return mock;
  };
  afterEach(async () => {
    expect(mock.mock.responseViolations).toEqual([]);
    await mock.close();
  });

  it('answers a recorded JSON request with the recorded texts, under fresh ids and times', async () => {
    await start();
    const answer = await post(mock.baseUrl, JSON_TEXT);
    const was = JSON.parse(recorded.get('json again')?.text ?? '{}') as Json;
    const now = JSON.parse(answer.text) as Json;
    expect(answer.status).toBe(200);
    expect(outputTexts(now)).toEqual(outputTexts(was));
    expect(now.id).toMatch(/^gen-\d+-[A-Za-z0-9]{20}$/);
    expect(now.id).not.toBe(was.id);
    expect(now.output[0].id).not.toBe(was.output[0].id);
    expect(now.usage).toEqual(was.usage);
  });

  it('replays recorded streams event for event, each valid by the stream oracle', async () => {
    await start();
    for (const [name, body] of [
      ['stream', STREAM],
      ['reasoning', REASONING],
    ] as const) {
      const answer = await post(mock.baseUrl, body);
      const was = events(recorded.get(name)?.text ?? '');
      const now = events(answer.text);
      expect(now.map((e) => e.type)).toEqual(was.map((e) => e.type));
      expect(now.map((e) => e.delta ?? e.text ?? null)).toEqual(was.map((e) => e.delta ?? e.text ?? null));
      expect(streamProblems(readSse(answer.text), spec)).toEqual([]);
      expect(answer.text.trimEnd().endsWith('data: [DONE]')).toBe(true);
    }
  });

  it('streams a recorded JSON answer when the request asks for a stream, and answers JSON from a recorded stream', async () => {
    await start();
    const streamed = await post(mock.baseUrl, { ...JSON_TEXT, stream: true });
    expect(streamProblems(readSse(streamed.text), spec)).toEqual([]);
    const done = events(streamed.text).find((e) => e.type === 'response.completed') as Json;
    expect(outputTexts(done.response)).toEqual(outputTexts(JSON.parse(recorded.get('json')?.text ?? '{}') as Json));
    const json = await post(mock.baseUrl, { ...REASONING, stream: false });
    const completed = events(recorded.get('reasoning')?.text ?? '').find(
      (e) => e.type === 'response.completed',
    ) as Json;
    expect(outputTexts(JSON.parse(json.text) as Json)).toEqual(outputTexts(completed.response));
  });

  it('replays the two steps of a tool loop', async () => {
    await start();
    const first = JSON.parse((await post(mock.baseUrl, TOOL_STEP_1)).text) as Json;
    expect(outputTexts(first)).toEqual(outputTexts(JSON.parse(recorded.get('tool step 1')?.text ?? '{}') as Json));
    const call = first.output.find((item: Json) => item.type === 'function_call') as Json;
    const second = JSON.parse((await post(mock.baseUrl, toolStep2(String(call.call_id)))).text) as Json;
    expect(outputTexts(second)).toEqual(['get_weather returned {"celsius":21}.']);
  });

  it('keeps the status and body of recorded errors, for a model the mock lacks too', async () => {
    await start();
    const failure = await post(mock.baseUrl, FAILING);
    expect(failure.status).toBe(502);
    expect((JSON.parse(failure.text) as Json).error).toEqual(
      (JSON.parse(recorded.get('upstream failure')?.text ?? '{}') as Json).error,
    );
    const unknown = await post(mock.baseUrl, UNKNOWN_MODEL);
    expect(unknown.status).toBe(recorded.get('unknown model')?.status);
    expect(JSON.parse(unknown.text)).toEqual(JSON.parse(recorded.get('unknown model')?.text ?? ''));
  });

  it('answers a request no recording matches as the mock does', async () => {
    await start();
    const answer = JSON.parse(
      (await post(mock.baseUrl, { model: 'openai/gpt-4o', input: 'hello there' })).text,
    ) as Json;
    expect(outputTexts(answer)).toEqual(['Hello! How can I help you today?']);
  });

  it('with strict replay, answers a request no recording matches with a 404 naming the closest recording and why', async () => {
    await start({ strictReplay: true });
    const miss = await post(mock.baseUrl, { model: 'openai/gpt-4o', input: 'tell me a short story' });
    expect(miss.status).toBe(404);
    const message = String((JSON.parse(miss.text) as Json).error.message);
    expect(message).toContain('No recording matches this request');
    expect(message).toContain('The closest recording is "openai/gpt-4o: tell me a long story"');
    expect(message).toContain(
      'its match is equals "tell me a long story", and the request\'s user message is "tell me a short story"',
    );
    const otherModel = await post(mock.baseUrl, { ...JSON_TEXT, model: 'openai/gpt-4o-mini' });
    expect(otherModel.status).toBe(404);
    expect(String((JSON.parse(otherModel.text) as Json).error.message)).toContain(
      'it is for model "openai/gpt-4o", not "openai/gpt-4o-mini"',
    );
    expect((await post(mock.baseUrl, JSON_TEXT)).status).toBe(200);
  });
});
