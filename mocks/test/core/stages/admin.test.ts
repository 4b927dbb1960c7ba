import request from 'supertest';
import { loadContract } from '../../../../kit/contract/contract';
import { hashKey } from '../../../src/core/fixture-model/hash-key';
import { loadFixtures } from '../../../src/fixture-loading/load-fixtures';
import { useMock } from '../../helpers/start-mock';
import { bearer, DEMO_GUARDRAIL_ID, GUARDED_KEY, MANAGEMENT_KEY, USER_KEY } from '../../helpers/sample-requests';

const contract = loadContract();
const fixtures = loadFixtures();
const started = useMock({ contract, fixtures });

const admin = () => request(started().mock.server);
const unassignGuarded = (server = started().mock.server) =>
  request(server)
    .post(`/api/v1/guardrails/${DEMO_GUARDRAIL_ID}/assignments/keys/remove`)
    .set(bearer(MANAGEMENT_KEY))
    .send({ key_hashes: [hashKey(GUARDED_KEY)] });

interface LogEntry {
  at: string;
  method: string;
  path: string;
  operationId: string | null;
  status: number;
  durationMs: number;
  aborted?: true;
  headers: Record<string, string>;
  body: unknown;
}

const fixtureState = {
  guardrails: fixtures.guardrails.map((g) => ({
    id: g.id,
    name: g.name,
    patterns: g.patterns,
    assigned_key_hashes: [...g.assigned_key_hashes].sort(),
  })),
  running_streams: 0,
};

beforeEach(() => started().mock.store.reset());

describe('GET /__mock/state', () => {
  it('shows every guardrail with its assigned key hashes, as the fixtures define them', async () => {
    const res = await admin().get('/__mock/state');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual(fixtureState);
  });

  it('shows an unassignment as soon as it happened', async () => {
    await unassignGuarded();
    const res = await admin().get('/__mock/state');
    expect(res.body.guardrails.find((g: { id: string }) => g.id === DEMO_GUARDRAIL_ID).assigned_key_hashes).toEqual([]);
  });

  it('needs no key while the mock listens on loopback', async () => {
    expect((await admin().get('/__mock/state')).status).toBe(200);
  });
});

describe('GET /__mock/health', () => {
  it('answers 200 with the status, to GET and to HEAD (without the body)', async () => {
    const res = await admin().get('/__mock/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    const head = await admin().head('/__mock/health');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(JSON.stringify({ status: 'ok' }).length));
    expect(head.text ?? '').toBe('');
  });

  it('answers HEAD on the other GET endpoints too', async () => {
    expect((await admin().head('/__mock/state')).status).toBe(200);
    expect((await admin().head('/__mock/requests')).status).toBe(200);
  });
});

describe('POST /__mock/reset', () => {
  it('restores the fixtures state', async () => {
    await unassignGuarded();
    const res = await admin().post('/__mock/reset');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ reset: true });
    expect((await admin().get('/__mock/state')).body).toEqual(fixtureState);
  });

  it('lets the same unassignment count again afterwards', async () => {
    expect((await unassignGuarded()).body).toEqual({ unassigned_count: 1 });
    await admin().post('/__mock/reset');
    expect((await unassignGuarded()).body).toEqual({ unassigned_count: 1 });
  });

  it('starts a new request log, which the reset itself is not in', async () => {
    await admin().get('/api/v1/model/openai/gpt-4o').set(bearer(USER_KEY));
    await admin().post('/__mock/reset');
    const log = (await admin().get('/__mock/requests')).body.requests as LogEntry[];
    expect(log).toEqual([]);
  });
});

describe('GET /__mock/requests', () => {
  it('lists recent requests newest first with method, path, operation and status', async () => {
    await admin().get('/api/v1/model/openai/gpt-4o').set(bearer(USER_KEY));
    await admin().get('/api/v1/model/openai/nope').set(bearer(USER_KEY));
    await admin().get('/api/v1/embeddings/models?limit=0').set(bearer(USER_KEY));
    await admin().get('/api/v1/embeddings/models');
    await admin().delete('/api/v1/embeddings/models');
    await admin().get('/api/v1/nowhere');
    const res = await admin().get('/__mock/requests');
    expect(res.status).toBe(200);
    const log = res.body.requests as LogEntry[];
    expect(log.map(({ method, path, operationId, status }) => ({ method, path, operationId, status }))).toEqual([
      { method: 'GET', path: '/api/v1/nowhere', operationId: null, status: 404 },
      { method: 'DELETE', path: '/api/v1/embeddings/models', operationId: null, status: 405 },
      { method: 'GET', path: '/api/v1/embeddings/models', operationId: 'listEmbeddingsModels', status: 401 },
      { method: 'GET', path: '/api/v1/embeddings/models', operationId: 'listEmbeddingsModels', status: 400 },
      { method: 'GET', path: '/api/v1/model/openai/nope', operationId: 'getModel', status: 404 },
      { method: 'GET', path: '/api/v1/model/openai/gpt-4o', operationId: 'getModel', status: 200 },
    ]);
    for (const entry of log) {
      expect(Number.isNaN(Date.parse(entry.at))).toBe(false);
      expect(entry.durationMs).toBeGreaterThanOrEqual(0);
    }
  });

  it('records the body and the headers, with the key redacted', async () => {
    await admin()
      .post(`/api/v1/guardrails/${DEMO_GUARDRAIL_ID}/assignments/keys/remove`)
      .set(bearer(MANAGEMENT_KEY))
      .set('x-trace', 'trace-1')
      .send({ key_hashes: ['body-value'] });
    const text = (await admin().get('/__mock/requests')).text;
    expect(text).not.toContain(MANAGEMENT_KEY);
    const [entry] = JSON.parse(text).requests as LogEntry[];
    expect(entry).toMatchObject({
      path: `/api/v1/guardrails/${DEMO_GUARDRAIL_ID}/assignments/keys/remove`,
      body: { key_hashes: ['body-value'] },
      headers: { authorization: '[redacted]', 'x-trace': 'trace-1' },
    });
  });

  it('shows a key in the path redacted, and keeps no credential query parameter', async () => {
    await admin().get(`/api/v1/model/${USER_KEY}?token=tok-0123456789&api_key=${USER_KEY}`).set(bearer(USER_KEY));
    const text = (await admin().get('/__mock/requests')).text;
    expect(text).not.toContain(USER_KEY);
    expect(text).not.toContain('tok-0123456789');
    const [entry] = JSON.parse(text).requests as LogEntry[];
    expect(entry?.path).toBe('/api/v1/model/[redacted]');
  });

  it('shows only the requests of one operation with ?operation=', async () => {
    await admin().get('/api/v1/model/openai/gpt-4o').set(bearer(USER_KEY));
    await admin().get('/api/v1/embeddings/models').set(bearer(USER_KEY));
    const log = (await admin().get('/__mock/requests?operation=getModel')).body.requests as LogEntry[];
    expect(log.map((e) => e.operationId)).toEqual(['getModel']);
  });

  it('is cleared by a reset', async () => {
    await admin().get('/api/v1/embeddings/models').set(bearer(USER_KEY));
    await admin().post('/__mock/reset');
    const log = (await admin().get('/__mock/requests')).body.requests as LogEntry[];
    expect(log).toEqual([]);
  });

  it("holds the app's requests only: no admin call, the journal's own reads included", async () => {
    await admin()
      .post('/__mock/scenarios')
      .send({ match: { operation: 'getModel' }, respond: { status: 429 } });
    await admin().get('/api/v1/model/openai/gpt-4o').set(bearer(USER_KEY));
    await admin().get('/__mock/requests');
    await admin().get('/__mock/state');
    const log = (await admin().get('/__mock/requests')).body.requests as LogEntry[];
    expect(log.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual(['GET /api/v1/model/openai/gpt-4o 429']);
  });
});

describe('GET /__mock/requests with journalAdmin', () => {
  const journaling = useMock({ contract, fixtures, options: { journalAdmin: true } });

  it('lists the admin calls too, when asked to', async () => {
    await request(journaling().mock.server).post('/__mock/reset');
    await request(journaling().mock.server).get('/api/v1/model/openai/gpt-4o').set(bearer(USER_KEY));
    const log = (await request(journaling().mock.server).get('/__mock/requests')).body.requests as LogEntry[];
    expect(log.map((e) => `${e.method} ${e.path}`)).toEqual(['GET /api/v1/model/openai/gpt-4o', 'POST /__mock/reset']);
  });
});

describe('GET /__mock/requests with a journal limit', () => {
  const small = useMock({ contract, fixtures, options: { journalLimit: 20 } });

  it('keeps only the most recent requests, the limit given', async () => {
    for (let i = 0; i < 25; i++)
      await request(small().mock.server).get(`/api/v1/model/openai/n${i}`).set(bearer(USER_KEY));
    const log = small().mock.requests();
    expect(log.length).toBe(20);
    expect(log[0]?.path).toBe('/api/v1/model/openai/n24');
    expect(log[19]?.path).toBe('/api/v1/model/openai/n5');
  });
});

/** Starts a slow stream, resolves once its first bytes are read; `left` settles when the mock is done with it. */
async function openSlowStream() {
  const { mock, baseUrl } = started();
  const left = new Promise<void>((resolve) => {
    mock.server.once('request', (_req, res) => res.once('close', resolve));
  });
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/responses`, {
    method: 'POST',
    headers: { ...bearer(USER_KEY), 'Content-Type': 'application/json', 'x-mock-tokens-per-second': '5' },
    body: JSON.stringify({ model: 'openai/gpt-4o', input: 'tell me a long story', stream: true }),
    signal: controller.signal,
  });
  const reader = res.body!.getReader();
  await reader.read();
  return { abort: () => controller.abort(), left };
}

describe('a stream its client leaves', () => {
  it('shows in GET /__mock/state while it runs, and is gone once the client has left', async () => {
    const stream = await openSlowStream();
    expect((await admin().get('/__mock/state')).body.running_streams).toBe(1);
    stream.abort();
    await stream.left;
    expect((await admin().get('/__mock/state')).body.running_streams).toBe(0);
  });

  it('is logged in GET /__mock/requests as aborted; a finished one is not', async () => {
    await admin()
      .post('/api/v1/responses')
      .set(bearer(USER_KEY))
      .set('x-mock-tokens-per-second', '0')
      .send({ model: 'openai/gpt-4o', input: 'hello', stream: true });
    const stream = await openSlowStream();
    stream.abort();
    await stream.left;
    const log = (await admin().get('/__mock/requests')).body.requests as LogEntry[];
    expect(log.slice(0, 2).map(({ path, status, aborted }) => ({ path, status, aborted }))).toEqual([
      { path: '/api/v1/responses', status: 200, aborted: true },
      { path: '/api/v1/responses', status: 200, aborted: undefined },
    ]);
  });
});

describe('admin routing', () => {
  it.each([
    ['an unknown admin endpoint', { given: ['GET', '/__mock/nothing'] }],
    ['GET on the reset endpoint', { given: ['GET', '/__mock/reset'] }],
    ['POST on the state endpoint', { given: ['POST', '/__mock/state'] }],
  ])('returns 404 in the envelope, naming the endpoints, for %s', async (_name, { given: [method, path] }) => {
    const res = await fetch(`${started().origin}${path}`, { method });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 404, message: expect.stringContaining('GET /__mock/state') } });
  });

  it('lives outside the API base path', async () => {
    const res = await admin().get('/api/v1/__mock/state').set(bearer(USER_KEY));
    expect(res.status).toBe(404);
  });
});

describe('admin endpoints beyond loopback (adminRequiresManagementKey)', () => {
  const guarded = useMock({ contract, fixtures, options: { adminRequiresManagementKey: true } });

  it.each([
    ['no key', { given: {}, want: 401 }],
    ['an ordinary key', { given: bearer(USER_KEY), want: 403 }],
    ['the management key', { given: bearer(MANAGEMENT_KEY), want: 200 }],
  ])('answers %s with %s', async (_name, { given, want }) => {
    const res = await request(guarded().mock.server).get('/__mock/state').set(given);
    expect(res.status).toBe(want);
  });

  it('still answers the health check without a key', async () => {
    const res = await request(guarded().mock.server).get('/__mock/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });
});

describe('state per mock instance', () => {
  const second = useMock({ contract, fixtures });

  it('never shares state between two mocks in one process', async () => {
    await unassignGuarded(started().mock.server);
    const other = await request(second().mock.server).get('/__mock/state');
    expect(other.body).toEqual(fixtureState);
    const first = await admin().get('/__mock/state');
    expect(first.body).not.toEqual(fixtureState);
  });
});
