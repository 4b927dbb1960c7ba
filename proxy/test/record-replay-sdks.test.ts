/**
 * The client libraries run a recorded tool loop against its replay: the openai SDK (streams, its
 * stream helper) and the AI SDK (JSON, `execute` and `stopWhen`) each run their loop once through
 * a recording proxy in front of the mock, then again against a mock that only replays (strict
 * replay: any request the recording does not answer is a 404), at the recorded pace.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import OpenAI from 'openai';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, stepCountIs, tool } from 'ai';
import { z } from 'zod';
import { loadFixtures, startInProcessMock, withScripts } from '../../mocks/index';
import type { RunningMock } from '../../mocks/index';
import { startProxy } from '../index';
import { WEATHER_TOOL } from '../../mocks/test/helpers/sample-requests';

const KEY = 'sk-mock-user';
const QUESTION = 'What is the weather in Paris?';

/** The openai SDK's documented loop, streamed: the call, then its result, to the final text. */
async function openaiLoop(baseURL: string): Promise<{ call: string; text: string }> {
  const client = new OpenAI({ apiKey: KEY, baseURL, maxRetries: 0 });
  const input: OpenAI.Responses.ResponseInput = [{ role: 'user', content: QUESTION }];
  const first = await client.responses.stream({ model: 'openai/gpt-4o', input, tools: [WEATHER_TOOL] }).finalResponse();
  const call = first.output.find((item) => item.type === 'function_call');
  if (call?.type !== 'function_call') throw new Error('expected a function call');
  const second = await client.responses
    .stream({
      model: 'openai/gpt-4o',
      tools: [WEATHER_TOOL],
      input: [
        ...input,
        ...(first.output as OpenAI.Responses.ResponseInputItem[]),
        { type: 'function_call_output', call_id: call.call_id, output: '{"celsius":21}' },
      ],
    })
    .finalResponse();
  return { call: `${call.name}(${call.arguments})`, text: second.output_text };
}

/** The AI SDK's loop: `execute` runs the tool, `stopWhen` lets it go on to the text. */
async function aiSdkLoop(baseURL: string): Promise<{ calls: unknown[]; text: string; steps: string[] }> {
  const execute = jest.fn(async ({ city }: { city: string }) => ({ city, celsius: 21 }));
  const result = await generateText({
    model: createOpenAI({ baseURL, apiKey: KEY }).responses('openai/gpt-4o'),
    prompt: QUESTION,
    tools: {
      get_weather: tool({
        description: 'The current weather in a city',
        inputSchema: z.object({ city: z.string() }),
        execute,
      }),
    },
    stopWhen: stepCountIs(5),
    maxRetries: 0,
  });
  return {
    calls: execute.mock.calls.map((args) => args[0]),
    text: result.text,
    steps: result.steps.map((s) => s.finishReason),
  };
}

describe('the openai SDK and the AI SDK against a replayed tool loop', () => {
  let dir: string;
  let file: string;
  let recorded: { openai: Awaited<ReturnType<typeof openaiLoop>>; ai: Awaited<ReturnType<typeof aiSdkLoop>> };
  let replay: RunningMock;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'record-sdks-'));
    file = path.join(dir, 'tool-loop.json');
    const upstream = await startInProcessMock();
    const proxy = await startProxy({ upstream: upstream.baseUrl, record: file });
    recorded = { openai: await openaiLoop(proxy.baseUrl), ai: await aiSdkLoop(proxy.baseUrl) };
    await proxy.close();
    await upstream.close();
    replay = await startInProcessMock({
      fixtures: withScripts(loadFixtures(), file),
      options: { validateResponses: true, strictReplay: true },
    });
  });

  afterEach(() => expect(replay.mock.responseViolations).toEqual([]));
  afterAll(async () => {
    await replay.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs the openai SDK loop, streamed, to the recorded call and text', async () => {
    expect(recorded.openai).toEqual({
      call: 'get_weather({"city":"Paris"})',
      text: 'get_weather returned {"celsius":21}.',
    });
    expect(await openaiLoop(replay.baseUrl)).toEqual(recorded.openai);
  });

  it('runs the AI SDK loop with execute and stopWhen to the recorded call and text', async () => {
    expect(recorded.ai.steps).toEqual(['tool-calls', 'stop']);
    expect(await aiSdkLoop(replay.baseUrl)).toEqual(recorded.ai);
  });
});
