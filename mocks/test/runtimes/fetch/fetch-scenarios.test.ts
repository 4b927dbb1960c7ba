/**
 * Scenarios and the journal through the fetch adapter (createFetchHandler): the same stage of the
 * same core as over node:http, so the admin endpoints, `scenarios` in code and the journal behave
 * alike with no socket at all.
 */
import { createFetchHandler } from '../../../src/runtimes/node/create-fetch-handler';
import type { MockFetchHandler } from '../../../src/runtimes/node/create-fetch-handler';
import { readUntilFailure } from '../../helpers/stream-helpers';

const ORIGIN = 'http://mock.test';
let mock: MockFetchHandler;

beforeAll(() => {
  mock = createFetchHandler();
});

beforeEach(() => mock.reset());

const createResponse = (body: Record<string, unknown> = {}) =>
  mock(
    new Request(`${ORIGIN}/api/v1/responses`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sk-mock-user', 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: 'openai/gpt-4o', input: 'Tell me a story about a lighthouse.', ...body }),
    }),
  );

describe('scenarios through the fetch handler', () => {
  it('takes a scenario from POST /__mock/scenarios and answers with it once', async () => {
    const added = await mock(
      new Request(`${ORIGIN}/__mock/scenarios`, {
        method: 'POST',
        body: JSON.stringify({ match: { operation: 'createResponse' }, respond: { status: 503 } }),
      }),
    );
    expect(added.status).toBe(201);
    const failed = await createResponse();
    expect(failed.status).toBe(503);
    expect(await failed.json()).toEqual({
      error: { code: 503, message: 'The service is temporarily unavailable. Try again shortly.' },
    });
    expect((await createResponse()).status).toBe(200);
    const listed = await (await mock(new Request(`${ORIGIN}/__mock/scenarios`))).json();
    expect(listed).toMatchObject({ scenarios: [{ used: 1, remaining: 0 }] });
  });

  it('rejects a reset as fetch does, with the ECONNRESET cause', async () => {
    mock.scenarios.add({ match: { operation: 'createResponse' }, respond: { network: 'reset' } });
    await expect(createResponse()).rejects.toMatchObject({ name: 'TypeError', cause: { code: 'ECONNRESET' } });
  });

  it('fails a dropped stream under fake timers too: an unpaced cut waits for no timer', async () => {
    jest.useFakeTimers();
    try {
      mock.scenarios.add({ match: { operation: 'createResponse' }, respond: { cut: { afterTokens: 2, end: 'drop' } } });
      const { text, failure } = await readUntilFailure((await createResponse({ stream: true })).body!);
      expect(failure).toBeDefined();
      expect(text.match(/"type":"response\.output_text\.delta"/g)).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('fails a dropped stream after the tokens sent before the cut', async () => {
    mock.scenarios.add({ match: { operation: 'createResponse' }, respond: { cut: { afterTokens: 2, end: 'drop' } } });
    const res = await createResponse({ stream: true });
    const { text, failure } = await readUntilFailure(res.body!);
    expect(failure).toEqual(expect.objectContaining({ message: expect.stringContaining('closed the connection') }));
    expect(text.match(/"type":"response\.output_text\.delta"/g)).toHaveLength(2);
    expect(text).not.toContain('[DONE]');
    expect(mock.requests({ operation: 'createResponse' })[0]).toMatchObject({ stream: 'cut', scenario: 'scenario-1' });
  });

  it('closes a JSON body midway', async () => {
    mock.scenarios.add({ match: { operation: 'createResponse' }, respond: { network: 'close-mid-body' } });
    const res = await createResponse();
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow('closed the connection');
  });

  it('records the body the client sent, with its key redacted', async () => {
    await createResponse({ tools: [{ type: 'function', name: 'lookup', parameters: { type: 'object' } }] });
    const [entry] = mock.requests({ operation: 'createResponse' });
    expect(entry).toMatchObject({
      status: 200,
      body: { input: 'Tell me a story about a lighthouse.', tools: [{ name: 'lookup' }] },
      headers: { authorization: '[redacted]' },
    });
  });
});
