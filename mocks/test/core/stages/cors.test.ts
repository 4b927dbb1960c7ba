import request from 'supertest';
import { loadContract } from '../../../../kit/contract/contract';
import { useMock } from '../../helpers/start-mock';
import type { SampleRequest } from '../../helpers/sample-requests';
import { bearer, operationIds, SAMPLE_REQUESTS, USER_KEY } from '../../helpers/sample-requests';

const contract = loadContract();
// Streams unpaced, so the streaming case is quick; it is the real responses engine.
const started = useMock({ contract, options: { pacing: { firstTokenDelayMs: 0, tokensPerSecond: 0 } } });

const ORIGIN = 'http://localhost:5173';
const byOperation = SAMPLE_REQUESTS.map((sample) => [sample.operationId, sample] as const);

function send(sample: SampleRequest, headers: Record<string, string>) {
  const agent = request(started().mock.server);
  const test = sample.method === 'GET' ? agent.get(`/api/v1${sample.path}`) : agent.post(`/api/v1${sample.path}`);
  test.set(headers);
  return sample.body === undefined ? test : test.send(sample.body as object);
}

function preflight(path: string, method: string, requestHeaders?: string) {
  const test = request(started().mock.server)
    .options(path)
    .set('Origin', ORIGIN)
    .set('Access-Control-Request-Method', method);
  return requestHeaders === undefined ? test : test.set('Access-Control-Request-Headers', requestHeaders);
}

describe('CORS preflight', () => {
  it('covers every operation of the spec', () => {
    expect(SAMPLE_REQUESTS.map((s) => s.operationId).sort()).toEqual(operationIds(contract));
  });

  it.each(byOperation)(
    'answers the preflight for %s with 204, the origin, the method and the asked headers',
    async (_id, sample) => {
      const asked = 'authorization, content-type, prefer, x-service-metadata, x-session-id';
      const res = await preflight(`/api/v1${sample.path}`, sample.method, asked);
      expect(res.status).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
      expect(res.headers['access-control-allow-methods']?.split(', ')).toContain(sample.method);
      expect(res.headers['access-control-allow-headers']).toBe(asked);
      expect(Number(res.headers['access-control-max-age'])).toBeGreaterThan(0);
      expect(res.headers.vary).toMatch(/Origin/);
    },
  );

  it('needs no key: browsers send none on a preflight', async () => {
    const res = await preflight(
      '/api/v1/guardrails/00000000-0000-4000-8000-000000000001/assignments/keys/remove',
      'POST',
      'authorization, content-type',
    );
    expect(res.status).toBe(204);
  });

  it('allows the headers the API uses when the browser names none', async () => {
    const res = await preflight('/api/v1/responses', 'POST');
    const allowed = String(res.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
    expect(allowed).toEqual(
      expect.arrayContaining(['authorization', 'content-type', 'prefer', 'x-service-metadata', 'x-session-id']),
    );
  });

  it('offers only the methods the spec defines for the path', async () => {
    const res = await preflight('/api/v1/embeddings/models', 'GET');
    expect(res.headers['access-control-allow-methods']).toBe('GET, OPTIONS');
  });

  it('answers a preflight for the admin endpoints too', async () => {
    const res = await preflight('/__mock/reset', 'POST');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
  });

  it('treats OPTIONS without Origin as an ordinary request: 405 with Allow', async () => {
    const res = await request(started().mock.server).options('/api/v1/responses');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
  });
});

describe('CORS on responses', () => {
  it.each(byOperation)('lets a page on another origin read the answer of %s', async (_id, sample) => {
    const res = await send(sample, { ...bearer(sample.key), Origin: ORIGIN });
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(res.headers.vary).toMatch(/Origin/);
    expect(res.headers['access-control-expose-headers']).toMatch(/X-Generation-Id/);
  });

  it.each([
    ['401 without a key', { given: { method: 'GET', path: '/api/v1/model/openai/gpt-4o', headers: {} }, want: 401 }],
    [
      '400 from validation',
      { given: { method: 'GET', path: '/api/v1/embeddings/models?limit=0', headers: bearer(USER_KEY) }, want: 400 },
    ],
    [
      '404 for an unknown path',
      { given: { method: 'GET', path: '/api/v1/nowhere', headers: bearer(USER_KEY) }, want: 404 },
    ],
    [
      '405 for a wrong method',
      { given: { method: 'DELETE', path: '/api/v1/responses', headers: bearer(USER_KEY) }, want: 405 },
    ],
  ])('lets the page read errors too: %s', async (_name, { given, want }) => {
    const res = await fetch(`${started().baseUrl.replace('/api/v1', '')}${given.path}`, {
      method: given.method,
      headers: { ...given.headers, Origin: ORIGIN },
    });
    expect(res.status).toBe(want);
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(res.headers.get('access-control-expose-headers')).toMatch(/Allow/);
  });

  it('keeps the CORS headers on an event stream and exposes X-Generation-Id', async () => {
    const res = await fetch(`${started().baseUrl}/responses`, {
      method: 'POST',
      headers: { ...bearer(USER_KEY), 'Content-Type': 'application/json', Origin: ORIGIN },
      body: JSON.stringify({ model: 'openai/gpt-4o', input: 'Say hello.', stream: true }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(res.headers.get('access-control-expose-headers')).toMatch(/X-Generation-Id/);
    expect(res.headers.get('x-generation-id')).toMatch(/^gen-/);
    const text = await res.text();
    expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true);
  });

  it('sends no CORS headers to a caller that is not a browser (no Origin)', async () => {
    const res = await request(started().mock.server).get('/api/v1/model/openai/gpt-4o').set(bearer(USER_KEY));
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
