import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadFixtures } from '../../../../src/fixture-loading/load-fixtures';
import { withScripts } from '../../../../src/fixture-loading/load-scripts';
import { FixturesError } from '../../../../src/fixture-loading/fixtures-error';
import { matchScript } from '../../../../src/operations/create-response/answer/match-script';
import { readInputText } from '../../../../src/operations/create-response/answer/input-text';
import { matchRecording } from '../../../../src/operations/create-response/replay/match-recording';
import { mergeRecordings, recordingKey } from '../../../../src/operations/create-response/replay/recorded-script';

const builtin = loadFixtures();
let dir: string;
beforeAll(() => (dir = mkdtempSync(path.join(os.tmpdir(), 'recorded-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function load(name: string, scripts: unknown[]) {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify({ scripts }));
  return withScripts(builtin, file);
}

const NOTE = { at: '2026-01-01T00:00:00.000Z', from: 'https://gateway.test/api/v1' };
const recorded = (match: object, recording: object) => ({
  name: JSON.stringify(match),
  match,
  reply: { recorded: { ...NOTE, ...recording } },
});
const OK = { status: 200, body: { id: 'resp_1', output: [] } };

describe('match.model', () => {
  it('limits a script to the requests for that model, ignoring letter case', () => {
    const fixtures = load('model.json', [
      { name: 'mini', match: { model: 'OpenAI/GPT-4o-mini', contains: 'hello' }, reply: { text: 'mini' } },
    ]);
    expect(matchScript(fixtures, 'hello', 'openai/gpt-4o-mini').reply).toEqual({ text: 'mini' });
    expect(matchScript(fixtures, 'hello', 'openai/gpt-4o').name).toBe('greeting');
  });
});

describe('recorded scripts', () => {
  it('answer only the requests they were recorded from, before any other script', () => {
    const fixtures = load('recorded.json', [
      recorded({ model: 'openai/gpt-4o', equals: 'hello' }, OK),
      recorded({ model: 'openai/gpt-4o', tool: 'get_weather', output: { equals: '{"celsius":21}' } }, OK),
    ]);
    const text = (input: unknown) => readInputText({ model: 'openai/gpt-4o', input } as never);
    expect(matchRecording(fixtures, 'openai/gpt-4o', text(' Hello '))?.name).toBe(
      '{"model":"openai/gpt-4o","equals":"hello"}',
    );
    expect(matchRecording(fixtures, 'openai/gpt-4o-mini', text('hello'))).toBeUndefined();
    expect(matchRecording(fixtures, 'openai/gpt-4o', text('hello there'))).toBeUndefined();
    const toolTurn = (output: string) =>
      text([
        { role: 'user', content: 'hello' },
        { type: 'function_call', call_id: 'c1', name: 'get_weather', arguments: '{}' },
        { type: 'function_call_output', call_id: 'c1', output },
      ]);
    expect(matchRecording(fixtures, 'openai/gpt-4o', toolTurn('{"celsius":21}'))?.name).toContain('get_weather');
    expect(matchRecording(fixtures, 'openai/gpt-4o', toolTurn('{"celsius":5}'))).toBeUndefined();
    // The ordinary scripts never see a recording.
    expect(matchScript(fixtures, 'hello', 'openai/gpt-4o').name).toBe('greeting');
  });

  it.each([
    ['a success with neither body nor events', { status: 200 }, '/scripts/0/reply/recorded'],
    [
      'an error with events',
      { status: 500, body: { error: { code: 500, message: 'x' } }, events: [{ at_ms: 0, event: { type: 'error' } }] },
      '/scripts/0/reply/recorded',
    ],
    [
      'an error body that is no envelope',
      { status: 500, body: { message: 'x' } },
      '/scripts/0/reply/recorded/body/error',
    ],
    [
      'an event without a type',
      { status: 200, events: [{ at_ms: 0, event: {} }] },
      '/scripts/0/reply/recorded/events/0/event/type',
    ],
  ])('are refused when they hold %s, naming the place', (_name, recording, place) => {
    let issues: Array<{ path: string }> = [];
    try {
      load('bad.json', [recorded({ equals: 'x' }, recording)]);
    } catch (error) {
      if (error instanceof FixturesError) issues = [...error.issues];
    }
    expect(issues.map((issue) => issue.path)).toContain(place);
  });

  it('are one per exchange: the key reads the match as matching does, and a second recording merges into the first', () => {
    expect(recordingKey({ model: 'OpenAI/GPT-4o', equals: ' Hello ' })).toBe(
      recordingKey({ model: 'openai/gpt-4o', equals: 'hello' }),
    );
    expect(recordingKey({ model: 'openai/gpt-4o', equals: 'hello' })).not.toBe(
      recordingKey({ model: 'openai/gpt-4o-mini', equals: 'hello' }),
    );
    const stream = { ...NOTE, status: 200, events: [{ at_ms: 1, event: { type: 'response.created' } }] };
    const json = { ...NOTE, at: '2026-02-01T00:00:00.000Z', status: 200, body: { id: 'r' } };
    expect(mergeRecordings(stream, json)).toEqual({ ...json, events: stream.events });
    const failure = { ...NOTE, status: 502, body: { error: { code: 502, message: 'down' } } };
    expect(mergeRecordings(stream, failure)).toEqual(failure);
    expect(mergeRecordings(failure, json)).toEqual(json);
  });
});
