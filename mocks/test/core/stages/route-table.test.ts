import request from 'supertest';
import { loadContract } from '../../../../kit/contract/contract';
import { listOperations } from '../../../../kit/contract/operations';
import { useMock } from '../../helpers/start-mock';
import { bearer, DEMO_GUARDRAIL_ID, USER_KEY } from '../../helpers/sample-requests';

const contract = loadContract();
const started = useMock({ contract });

describe('routing', () => {
  it.each([
    ['an unknown path under the base', { given: '/api/v1/chat/completions' }],
    ['a path of another operation family', { given: '/api/v1/models' }],
    ['a trailing slash', { given: '/api/v1/responses/' }],
    ['the root', { given: '/' }],
    ['another version', { given: '/api/v2/responses' }],
  ])('returns 404 in the envelope for %s', async (_name, { given }) => {
    const res = await request(started().mock.server).get(given).set(bearer(USER_KEY));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 404, message: expect.stringContaining('No operation at') } });
  });

  // The methods each path allows come from the spec; every other method is 405 with Allow.
  const wrongMethods = listOperations(contract).flatMap((operation) => {
    const allowed = listOperations(contract)
      .filter((other) => other.path === operation.path)
      .map((other) => other.method);
    const path = operation.path
      .replace('{id}', DEMO_GUARDRAIL_ID)
      .replace('{author}', 'openai')
      .replace('{slug}', 'gpt-4o');
    return ['GET', 'POST', 'PUT', 'DELETE', 'PATCH']
      .filter((m) => !allowed.includes(m))
      .map((method) => [`${method} ${operation.path}`, { given: { method, path }, want: allowed.join(', ') }] as const);
  });

  it.each(wrongMethods)('returns 405 with Allow for %s', async (_name, { given, want }) => {
    const res = await fetch(`${started().baseUrl}${given.path}`, { method: given.method, headers: bearer(USER_KEY) });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe(want);
    expect(await res.json()).toEqual({ error: { code: 405, message: expect.stringContaining(`use ${want}`) } });
  });

  it.each([
    ['GET /model/{author}/{slug}', '/model/openai/gpt-4o', 200],
    ['GET /model/{author}/{slug}, unknown model', '/model/acme/ghost', 404],
    ['GET /embeddings/models', '/embeddings/models?limit=1', 200],
  ])('answers HEAD on %s as GET, without the body', async (_name, path, status) => {
    const url = `${started().baseUrl}${path}`;
    const [get, head] = await Promise.all(
      ['GET', 'HEAD'].map((method) => fetch(url, { method, headers: bearer(USER_KEY) })),
    );
    const getBody = await get!.arrayBuffer();
    expect([get!.status, head!.status]).toEqual([status, status]);
    expect(head!.headers.get('content-length')).toBe(String(getBody.byteLength));
    expect(head!.headers.get('content-type')).toBe(get!.headers.get('content-type'));
    expect((await head!.arrayBuffer()).byteLength).toBe(0);
  });

  it('answers HEAD on a path with no GET as a method not allowed', async () => {
    const res = await fetch(`${started().baseUrl}/responses`, { method: 'HEAD', headers: bearer(USER_KEY) });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('returns 400 for a query parameter given twice', async () => {
    const res = await request(started().mock.server)
      .get('/api/v1/embeddings/models?limit=1&limit=2')
      .set(bearer(USER_KEY));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/query\.limit is given 2 times/);
  });
});
