import request from 'supertest';
import { loadContract } from '../../../kit/contract/contract';
import { listOperations } from '../../../kit/contract/operations';
import type { MockServer } from '../../src/runtimes/node/server';
import type * as ServerModule from '../../src/runtimes/node/server';
import { useMock } from '../helpers/start-mock';
import type { SampleRequest } from '../helpers/sample-requests';
import { bearer, MANAGEMENT_KEY, SAMPLE_REQUESTS, USER_KEY } from '../helpers/sample-requests';

const contract = loadContract();
const operations = listOperations(contract);
const started = useMock({ contract });

const sampleOf = (operationId: string): SampleRequest => {
  const sample = SAMPLE_REQUESTS.find((s) => s.operationId === operationId);
  if (!sample) throw new Error(`no sample request for ${operationId}`);
  return sample;
};

function send(sample: SampleRequest, headers: Record<string, string>, server = started().mock.server) {
  const agent = request(server);
  const test = sample.method === 'GET' ? agent.get(`/api/v1${sample.path}`) : agent.post(`/api/v1${sample.path}`);
  test.set(headers);
  return sample.body === undefined ? test : test.send(sample.body as object);
}

const withPrefer = (
  sample: SampleRequest,
  prefer: string,
  extra: Record<string, string> = {},
  server?: MockServer['server'],
) => send(sample, { ...bearer(sample.key), Prefer: prefer, ...extra }, server);

describe('Prism stays off the ordinary request path', () => {
  it('loads no prism-http module for requests without Prefer, and loads it for the first Prefer', async () => {
    await jest.isolateModulesAsync(async () => {
      // A fresh module registry: nothing loaded by other tests can hide or fake the result.
      // The real prism-http, behind a factory that records when the mock first requires it.
      let prismLoads = 0;
      jest.doMock('@stoplight/prism-http', () => {
        prismLoads++;
        return jest.requireActual('@stoplight/prism-http');
      });
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- required here so it loads into the fresh registry
      const { createMockServer } = require('../../src/runtimes/node/server') as typeof ServerModule;
      const mock = createMockServer({ contract, options: { validateResponses: true } });
      await mock.listen(0, '127.0.0.1');
      try {
        for (const sample of SAMPLE_REQUESTS) {
          expect((await send(sample, bearer(sample.key), mock.server)).status).toBe(200);
        }
        // A Prefer header without scenario controls (RFC 7240 preferences) takes the ordinary path too.
        expect(
          (await send(sampleOf('getModel'), { ...bearer(USER_KEY), Prefer: 'return=minimal' }, mock.server)).status,
        ).toBe(200);
        expect(prismLoads).toBe(0);

        expect((await withPrefer(sampleOf('getModel'), 'code=404', {}, mock.server)).status).toBe(404);
        expect(prismLoads).toBeGreaterThan(0);
        expect(mock.responseViolations).toEqual([]);
      } finally {
        await mock.close();
      }
    });
  });
});

describe('Prefer: code=NNN', () => {
  const documented = operations.flatMap((op) =>
    [...op.responses.keys()].map(
      (status) => [`${op.operationId} ${status}`, { given: { operationId: op.operationId, status } }] as const,
    ),
  );

  it.each(documented)('returns %s as the spec documents it', async (_name, { given }) => {
    const res = await withPrefer(sampleOf(given.operationId), `code=${given.status}`);
    expect(res.status).toBe(Number(given.status));
    // The body is checked against the spec by the test mode; error envelopes also carry the status.
    if (Number(given.status) >= 400) expect(res.body.error.code).toBe(Number(given.status));
  });

  it.each(
    operations.map(
      (op) => [op.operationId, { given: op.operationId, want: [...op.responses.keys()].join(', ') }] as const,
    ),
  )('returns 400 naming the documented statuses for an undocumented code on %s', async (_name, { given, want }) => {
    const res = await withPrefer(sampleOf(given), 'code=418');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: { code: 400, message: `Prefer: code=418 is not documented for ${given}; documented statuses: ${want}` },
    });
  });
});

describe('Prefer: example=NAME', () => {
  const examples = operations.flatMap((op) =>
    [...op.responses.entries()].flatMap(([status, response]) => {
      const json = response.examples.get('application/json') ?? new Map<string, unknown>();
      return [...json.entries()].map(
        ([name, value]) =>
          [
            `${op.operationId} ${status} ${name}`,
            { given: { operationId: op.operationId, status, name }, want: value },
          ] as const,
      );
    }),
  );

  it('has examples to serve for every operation', () => {
    expect(new Set(examples.map(([, c]) => c.given.operationId)).size).toBe(operations.length);
  });

  it.each(examples)('returns the example %s unchanged', async (_name, { given, want }) => {
    const res = await withPrefer(sampleOf(given.operationId), `code=${given.status}, example=${given.name}`);
    expect(res.status).toBe(Number(given.status));
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual(want);
  });

  it('takes an example of the success status without code=', async () => {
    const res = await withPrefer(sampleOf('getModel'), 'example=reasoningModel');
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe('openai/o3-mini');
  });

  const streamExamples = [
    ...(
      operations
        .find((op) => op.operationId === 'createResponse')
        ?.responses.get('200')
        ?.examples.get('text/event-stream') ?? new Map<string, unknown>()
    ).entries(),
  ];

  it.each(streamExamples.map(([name, value]) => [name, { given: name, want: String(value) }] as const))(
    'streams the event-stream example %s when the client accepts text/event-stream',
    async (_name, { given, want }) => {
      const res = await fetch(`${started().baseUrl}/responses`, {
        method: 'POST',
        headers: {
          ...bearer(USER_KEY),
          'Content-Type': 'application/json',
          Accept: 'text/event-stream',
          Prefer: `example=${given}`,
        },
        body: JSON.stringify({ model: 'openai/gpt-4o', input: 'Say hello.', stream: true }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const text = await res.text();
      expect(text.replace(/^event: .*\n/gm, '')).toBe(want);
      expectEventLines(text);
    },
  );

  /** Like every stream of the mock's: each JSON event names its type on an `event:` line; `[DONE]` and comments are bare. */
  function expectEventLines(text: string): void {
    const blocks = text.split('\n\n').filter(Boolean);
    expect(blocks.length).toBeGreaterThan(1);
    for (const block of blocks.filter((b) => !b.startsWith(':'))) {
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
      if (data === '[DONE]') expect(block).toBe('data: [DONE]');
      else expect(block.split('\n')[0]).toBe(`event: ${(JSON.parse(data) as { type: string }).type}`);
    }
  }

  const stream = (prefer: string, accept?: string) =>
    fetch(`${started().baseUrl}/responses`, {
      method: 'POST',
      headers: {
        ...bearer(USER_KEY),
        'Content-Type': 'application/json',
        ...(accept === undefined ? {} : { Accept: accept }),
        Prefer: prefer,
      },
      body: JSON.stringify({ model: 'openai/gpt-4o', input: 'Say hello.', stream: true }),
    });

  it.each([['application/json'], [undefined]])(
    'streams the example for a "stream": true request whatever it accepts (%s), as the SDKs send it',
    async (accept) => {
      const res = await stream('example=text', accept);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const text = await res.text();
      expect(text.replace(/^event: .*\n/gm, '')).toBe(String(streamExamples.find(([name]) => name === 'text')?.[1]));
      expectEventLines(text);
    },
  );

  it('answers a status without an event stream as JSON, also to a client that accepts only the stream', async () => {
    const res = await stream('code=429', 'text/event-stream');
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ error: { code: 429, message: 'Rate limit exceeded' } });
  });

  it('returns 400 for an example the event stream does not have, naming those it has', async () => {
    const res = await stream('example=reasoning');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      'Prefer: example=reasoning has no event-stream form for createResponse 200; event-stream examples: text, functionCall (send the request without "stream": true for the JSON one)',
    );
  });

  it('returns 400 for dynamic=true on a streaming request: Prism cannot generate a stream', async () => {
    const res = await stream('dynamic=true');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      'Prefer: dynamic=true cannot generate an event stream for createResponse 200; ask for example=text or example=functionCall, or send the request without "stream": true',
    );
  });

  it('keeps the headers the spec documents for the example (X-Generation-Id)', async () => {
    const res = await withPrefer(sampleOf('createResponse'), 'example=text');
    expect(res.headers['x-generation-id']).toMatch(/^gen-/);
  });

  it('returns 400 listing the available examples for an unknown name', async () => {
    const res = await withPrefer(sampleOf('getModel'), 'example=nope');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      'Prefer: example=nope is not an example of getModel 200; available: gpt4o, claudeSonnet, reasoningModel',
    );
  });

  it('says which code= to add for an example of another status', async () => {
    const res = await withPrefer(sampleOf('getModel'), 'example=modelNotFound');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('send Prefer: code=404, example=modelNotFound');
  });
});

describe('Prefer: dynamic=true', () => {
  it.each(SAMPLE_REQUESTS.map((s) => [s.operationId, s] as const))(
    'generates a 200 for %s that matches the spec',
    async (_id, sample) => {
      const res = await withPrefer(sample, 'dynamic=true');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    },
  );

  it('generates only spec-valid results for POST /responses, again and again', async () => {
    for (let i = 0; i < 8; i++) expect((await withPrefer(sampleOf('createResponse'), 'dynamic=true')).status).toBe(200);
  });

  it('sets error.code to the status in a generated error envelope (ErrorObject.code)', async () => {
    const res = await withPrefer(sampleOf('createResponse'), 'code=429, dynamic=true');
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe(429);
  });

  it('gives a generated error envelope a readable message for its status', async () => {
    const res = await withPrefer(sampleOf('createResponse'), 'code=429, dynamic=true');
    expect(res.body.error.message).toBe('Rate limit exceeded. Wait a moment and try again.');
  });
});

describe('Prefer header errors and precedence', () => {
  it.each([
    ['a code that is not a status', { given: 'code=abc', want: 'Prefer: code=abc is not an HTTP status code' }],
    ['dynamic that is not a boolean', { given: 'dynamic=maybe', want: 'Prefer: dynamic=maybe must be true or false' }],
    ['an empty example name', { given: 'example=', want: 'Prefer: example= needs the name of an example' }],
  ])('returns 400 for %s', async (_name, { given, want }) => {
    const res = await withPrefer(sampleOf('listEmbeddingsModels'), given);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 400, message: want } });
  });

  it('still requires a key', async () => {
    const res = await send(sampleOf('getModel'), { Prefer: 'code=200' });
    expect(res.status).toBe(401);
  });

  it('still requires the management key on the guardrail operation', async () => {
    const res = await send(sampleOf('unassignGuardrailKeys'), { ...bearer(USER_KEY), Prefer: 'code=200' });
    expect(res.status).toBe(403);
    const allowed = await send(sampleOf('unassignGuardrailKeys'), { ...bearer(MANAGEMENT_KEY), Prefer: 'code=200' });
    expect(allowed.status).toBe(200);
  });

  it('does not change state: a Prefer answer on the guardrail operation unassigns nothing', async () => {
    const before = started().mock.store.snapshot();
    await send(sampleOf('unassignGuardrailKeys'), { ...bearer(MANAGEMENT_KEY), Prefer: 'code=200' });
    expect(started().mock.store.snapshot()).toEqual(before);
  });

  it('routes first: an unknown path is 404 whatever Prefer asks', async () => {
    const res = await request(started().mock.server)
      .get('/api/v1/nowhere')
      .set(bearer(USER_KEY))
      .set('Prefer', 'code=200');
    expect(res.status).toBe(404);
  });
});
