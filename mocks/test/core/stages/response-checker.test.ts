import request from 'supertest';
import { loadContract } from '../../../../kit/contract/contract';
import type { Handler } from '../../../src/core/handler-types';
import { createMockServer } from '../../../src/runtimes/node/server';
import type { MockServerInit } from '../../../src/runtimes/node/server';
import { startMock } from '../../helpers/start-mock';
import type { StartedMock } from '../../helpers/start-mock';
import { bearer, responseExample, USER_KEY } from '../../helpers/sample-requests';
import { eventStreamOf, standInStream, standInStreamCutShort } from '../../helpers/stand-in-handlers';
import { waitFor } from '../../helpers/wait-for';

const contract = loadContract();

/** A mock whose GET /model is replaced; every test closes its own mock. */
async function withMock(init: MockServerInit, run: (started: StartedMock) => Promise<void>): Promise<void> {
  const started = await startMock({ contract, ...init });
  try {
    await run(started);
  } finally {
    await started.mock.close();
  }
}

const getModelAnswering = (handler: Handler): MockServerInit => ({ handlers: { getModel: handler } });
const createResponseAnswering = (handler: Handler): MockServerInit => ({ handlers: { createResponse: handler } });

const streamOf =
  (events: string[]): Handler =>
  () => ({ status: 200, stream: eventStreamOf(events.map((event) => `${event}\n\n`)) });

const postStream = (started: StartedMock) =>
  fetch(`${started.baseUrl}/responses`, {
    method: 'POST',
    headers: { ...bearer(USER_KEY), 'Content-Type': 'application/json' },
    body: JSON.stringify({ model: 'openai/gpt-4o', input: 'Say hello.', stream: true }),
  }).then((res) => res.text());

describe('test mode: every response checked against the spec', () => {
  it('records a status the operation does not document', async () => {
    await withMock(
      getModelAnswering(() => ({ status: 418, body: { error: { code: 418, message: 'teapot' } } })),
      async ({ mock }) => {
        await request(mock.server).get('/api/v1/model/openai/gpt-4o').set(bearer(USER_KEY));
        expect(mock.responseViolations).toEqual([
          { operationId: 'getModel', status: 418, problem: 'status 418 is not documented for getModel' },
        ]);
      },
    );
  });

  it('records a body that does not match the schema', async () => {
    const model = responseExample(contract, '/model/{author}/{slug}', 'get', '200', 'application/json', 'gpt4o') as {
      data: object;
    };
    await withMock(
      getModelAnswering(() => ({ status: 200, body: { data: { ...model.data, id: 42 } } })),
      async ({ mock }) => {
        await request(mock.server).get('/api/v1/model/openai/gpt-4o').set(bearer(USER_KEY));
        expect(mock.responseViolations).toHaveLength(1);
        expect(mock.responseViolations[0]?.problem).toMatch(/^body does not match .*\/data\/id must be string/);
      },
    );
  });

  it('records an error envelope that breaks ErrorEnvelope', async () => {
    await withMock(
      getModelAnswering(() => ({ status: 404, body: { message: 'no error member' } })),
      async ({ mock }) => {
        await request(mock.server).get('/api/v1/model/openai/gpt-4o').set(bearer(USER_KEY));
        expect(mock.responseViolations[0]?.problem).toMatch(/is missing required property "error" \(required\)/);
      },
    );
  });

  it('records a streamed event that does not match its schema, once the stream is sent', async () => {
    const bad = streamOf(['data: {"type":"response.output_text.delta","sequence_number":0}', 'data: [DONE]']);
    await withMock(createResponseAnswering(bad), async (started) => {
      await postStream(started);
      expect(started.mock.responseViolations.map((v) => v.problem)).toContainEqual(
        expect.stringMatching(
          /^stream-event-schema-valid: event #0 \(response.output_text.delta\) does not match #\/components\/schemas\/ResponseOutputTextDeltaEvent/,
        ),
      );
    });
  });

  it('records a stream that does not end with [DONE]', async () => {
    const unterminated = streamOf([
      'data: {"type":"response.created","sequence_number":0,"response":{"id":"gen-1","object":"response","created_at":1,"status":"in_progress","model":"m","output":[]}}',
    ]);
    await withMock(createResponseAnswering(unterminated), async (started) => {
      await postStream(started);
      expect(started.mock.responseViolations.map((v) => v.problem)).toContain(
        'stream-done-last: the stream ended after 1 events without data: [DONE]',
      );
    });
  });

  it('records nothing for the spec example stream', async () => {
    await withMock(createResponseAnswering(standInStream(contract)), async (started) => {
      const text = await postStream(started);
      expect(text).toContain('data: [DONE]');
      expect(started.mock.responseViolations).toEqual([]);
    });
  });

  it('does not check a stream the client cut short', async () => {
    await withMock(createResponseAnswering(standInStreamCutShort(contract)), async (started) => {
      const controller = new AbortController();
      const res = await fetch(`${started.baseUrl}/responses`, {
        method: 'POST',
        headers: { ...bearer(USER_KEY), 'Content-Type': 'application/json' },
        body: JSON.stringify({ model: 'openai/gpt-4o', stream: true }),
        signal: controller.signal,
      });
      const reader = res.body?.getReader();
      await reader?.read();
      controller.abort();
      // Logged once the client has left; the stream's end is settled in a promise job, run by the next turn.
      await waitFor(() => started.mock.store.requests.list().some((entry) => entry.aborted === true));
      await new Promise((resolve) => setImmediate(resolve));
      // Checked, the stream would fail: it has no terminal event and no [DONE].
      expect(started.mock.responseViolations).toEqual([]);
    });
  });

  it('collects nothing when the test mode is off', async () => {
    const mock = createMockServer({ contract, handlers: { getModel: () => ({ status: 418, body: {} }) } });
    await request(mock.server).get('/api/v1/model/openai/gpt-4o').set(bearer(USER_KEY));
    expect(mock.options.validateResponses).toBe(false);
    expect(mock.responseViolations).toEqual([]);
  });
});
