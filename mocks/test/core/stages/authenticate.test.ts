import http from 'node:http';
import fc from 'fast-check';
import request from 'supertest';
import type { Test } from 'supertest';
import { loadContract } from '../../../../kit/contract/contract';
import { bearerToken } from '../../../src/core/stages/authenticate';
import { useMock } from '../../helpers/start-mock';
import type { SampleRequest } from '../../helpers/sample-requests';
import {
  bearer,
  GUARDED_KEY,
  MANAGEMENT_KEY,
  operationIds,
  SAMPLE_REQUESTS,
  USER_KEY,
} from '../../helpers/sample-requests';
import { standInCreateResponse } from '../../helpers/stand-in-handlers';

const contract = loadContract();
const started = useMock({ contract, handlers: { createResponse: standInCreateResponse(contract).handler } });

/** Sends a sample request with the given headers (no Authorization unless given). */
function send(sample: SampleRequest, headers: Record<string, string> = {}, body: unknown = sample.body): Test {
  const agent = request(started().mock.server);
  const test = sample.method === 'GET' ? agent.get(`/api/v1${sample.path}`) : agent.post(`/api/v1${sample.path}`);
  test.set(headers);
  return body === undefined ? test : test.send(body as object);
}

const byOperation = SAMPLE_REQUESTS.map((sample) => [sample.operationId, sample] as const);
const guardrailSample = SAMPLE_REQUESTS.find((s) => s.operationId === 'unassignGuardrailKeys') as SampleRequest;

describe('authentication (securitySchemes bearerAuth and managementKey)', () => {
  it('covers every operation of the spec in its tables', () => {
    expect(SAMPLE_REQUESTS.map((s) => s.operationId).sort()).toEqual(operationIds(contract));
  });

  it.each(byOperation)(
    'returns 401 saying the authentication header is missing on %s without Authorization',
    async (_id, sample) => {
      const res = await send(sample);
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe(401);
      expect(res.body.error.message).toMatch(/missing/i);
      expect(res.body.error.message).toMatch(/authentication header/i);
    },
  );

  it.each(byOperation)('returns 401 for an unknown key on %s', async (_id, sample) => {
    const res = await send(sample, bearer('sk-not-a-key'));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: 401, message: expect.stringMatching(/not recognised|invalid/i) } });
  });

  it.each([
    ['an empty header', { given: '' }],
    ['a header of spaces', { given: '   ' }],
  ])('treats %s as a missing header (401)', async (_name, { given }) => {
    const res = await send(guardrailSample, { Authorization: given });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(/missing authentication header/i);
  });

  it.each([
    ['another scheme', { given: `Basic ${USER_KEY}` }],
    ['Bearer without a key', { given: 'Bearer' }],
    ['a key without the scheme', { given: USER_KEY }],
    ['two tokens', { given: `Bearer ${USER_KEY} extra` }],
  ])('returns 401 for %s in the Authorization header', async (_name, { given }) => {
    const sample = SAMPLE_REQUESTS.find((s) => s.operationId === 'getModel') as SampleRequest;
    const res = await send(sample, { Authorization: given });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(/Bearer <API_KEY>/);
  });

  it('accepts the scheme name in any case', async () => {
    const sample = SAMPLE_REQUESTS.find((s) => s.operationId === 'getModel') as SampleRequest;
    const res = await send(sample, { Authorization: `bearer ${USER_KEY}` });
    expect(res.status).toBe(200);
  });

  it.each([
    ['the ordinary demo key', { given: USER_KEY }],
    ['the guarded demo key', { given: GUARDED_KEY }],
  ])(
    'returns 403 saying only management keys may do it for %s on the guardrail operation',
    async (_name, { given }) => {
      const res = await send(guardrailSample, bearer(given));
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: { code: 403, message: expect.stringMatching(/only management keys/i) } });
    },
  );

  it('requires the management key exactly where the spec puts the managementKey scheme', () => {
    const management = Object.entries(contract.at<Record<string, Record<string, { security?: unknown[] }>>>('#/paths'))
      .flatMap(([, item]) => Object.values(item))
      .filter((op) => JSON.stringify(op.security ?? []).includes('managementKey'));
    expect(management.map((op) => (op as { operationId?: string }).operationId)).toEqual(['unassignGuardrailKeys']);
  });

  it.each(byOperation)('lets the right key through on %s', async (_id, sample) => {
    const res = await send(sample, bearer(sample.key));
    expect(res.status).toBe(200);
  });

  it.each(byOperation.filter(([id]) => id !== 'unassignGuardrailKeys'))(
    'lets the management key call %s too',
    async (_id, sample) => {
      const res = await send(sample, bearer(MANAGEMENT_KEY));
      expect(res.status).toBe(200);
    },
  );

  it('authenticates before validating: no key and a bad body is 401, not 400', async () => {
    const responses = SAMPLE_REQUESTS.find((s) => s.operationId === 'createResponse') as SampleRequest;
    const res = await send(responses, {}, { store: true });
    expect(res.status).toBe(401);
  });

  it('checks the key before the management rule: an unknown key on the guardrail operation is 401', async () => {
    const res = await send(guardrailSample, bearer('sk-unknown'));
    expect(res.status).toBe(401);
  });

  it('checks the key of every request on a keep-alive connection, not only the first', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const call = (sample: SampleRequest, key: string): Promise<{ status: number; reused: boolean }> =>
      new Promise((resolve, reject) => {
        const body = sample.body === undefined ? undefined : JSON.stringify(sample.body);
        const req = http.request(
          `${started().baseUrl}${sample.path}`,
          {
            agent,
            method: sample.method,
            headers: { ...bearer(key), ...(body ? { 'content-type': 'application/json' } : {}) },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    const getModel = SAMPLE_REQUESTS.find((s) => s.operationId === 'getModel') as SampleRequest;
    try {
      const answers = [
        await call(getModel, USER_KEY),
        await call(getModel, `${USER_KEY}x`),
        await call(getModel, USER_KEY.slice(0, -1)),
        await call(guardrailSample, USER_KEY),
        await call(guardrailSample, MANAGEMENT_KEY),
        await call(guardrailSample, USER_KEY),
        await call(getModel, USER_KEY),
      ];
      expect(answers.map((a) => a.status)).toEqual([200, 401, 401, 403, 200, 403, 200]);
      expect(answers.slice(1).every((a) => a.reused)).toBe(true);
    } finally {
      agent.destroy();
    }
  });

  it('never echoes the key it was given', async () => {
    const res = await send(guardrailSample, bearer('sk-secret-value-123'));
    expect(res.text).not.toContain('sk-secret-value-123');
  });
});

describe('bearerToken', () => {
  /** The grammar it implements, as a regular expression: `Bearer`, spaces, one token, spaces. */
  const grammar = (header: string): string | undefined => /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  const pieces = fc.constantFrom(
    'Bearer',
    'bearer',
    'BEARER',
    'Bear',
    'Bearerx',
    ' ',
    '  ',
    '\t',
    '\u00a0',
    '\u2003',
    'sk-mock-user',
    'x',
    '',
  );

  it('reads exactly what the grammar accepts, and the same token', () => {
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 6 }), fc.string({ maxLength: 12 }), (parts, tail) => {
        const header = parts.join('') + tail;
        expect(bearerToken(header)).toBe(grammar(header));
      }),
      { seed: 20261121, numRuns: 5_000 },
    );
  });

  it.each([
    ['Bearer sk-1', 'sk-1'],
    ['bearer   sk-1  ', 'sk-1'],
    ['Bearer\tsk-1', 'sk-1'],
    ['Bearer', undefined],
    ['Bearer ', undefined],
    ['Bearersk-1', undefined],
    ['Bearer sk-1 sk-2', undefined],
    [' Bearer sk-1', undefined],
  ])('reads %j as %j', (header, token) => {
    expect(bearerToken(header)).toBe(token);
  });
});
