/**
 * Recorded streams at their recorded pace, or fast: the test asserts a lower bound only (an event
 * recorded at 400 ms never comes sooner), and for `fast` that a recording whose last event came
 * ten minutes in is sent without waiting for it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadFixtures } from '../../../../src/fixture-loading/load-fixtures';
import { withScripts } from '../../../../src/fixture-loading/load-scripts';
import { createMockServer } from '../../../../src/runtimes/node/server';
import type { MockServer } from '../../../../src/runtimes/node/server';
import type { MockOptions } from '../../../../src/core/options';

const response = { id: 'resp_1', object: 'response', created_at: 1, status: 'in_progress', output: [] };
const recording = (lastAtMs: number) => ({
  scripts: [
    {
      name: 'paced',
      match: { equals: 'paced' },
      reply: {
        recorded: {
          at: '2026-01-01T00:00:00.000Z',
          from: 'https://gateway.test/api/v1',
          status: 200,
          events: [
            { at_ms: 0, event: { type: 'response.created', sequence_number: 0, response } },
            {
              at_ms: lastAtMs,
              event: { type: 'response.completed', sequence_number: 1, response: { ...response, status: 'completed' } },
            },
          ],
        },
      },
    },
  ],
});

let dir: string;
let mock: MockServer | undefined;
beforeAll(() => (dir = mkdtempSync(path.join(os.tmpdir(), 'pace-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

async function timedStream(
  lastAtMs: number,
  options: Partial<MockOptions>,
): Promise<{ types: string[]; lastMs: number }> {
  const file = path.join(dir, `paced-${lastAtMs}.json`);
  writeFileSync(file, JSON.stringify(recording(lastAtMs)));
  mock = createMockServer({ fixtures: withScripts(loadFixtures(), file), options });
  const baseUrl = await mock.listen(0, '127.0.0.1');
  const sent = performance.now();
  const res = await fetch(`${baseUrl}/responses`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk-mock-user', 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'openai/gpt-4o', input: 'paced', stream: true }),
  });
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  let lastMs = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    text += decoder.decode(chunk.value, { stream: true });
    if (text.includes('response.completed') && lastMs === 0) lastMs = performance.now() - sent;
  }
  const types = [...text.matchAll(/^event: (\S+)$/gm)].map((m) => m[1] ?? '');
  return { types, lastMs };
}

describe('a recorded stream', () => {
  it('comes at its recorded pace: no event before its at_ms', async () => {
    const { types, lastMs } = await timedStream(400, {});
    expect(types).toEqual(['response.created', 'response.completed']);
    expect(lastMs).toBeGreaterThanOrEqual(399);
  });

  it('comes without waits with replayPace fast', async () => {
    const { types } = await timedStream(600_000, { replayPace: 'fast' });
    expect(types).toEqual(['response.created', 'response.completed']);
  });
});
