import type { Fault, ProxiedRequest, ProxiedResponse } from './fault-proxy';
import { PROFILE_FAULTS } from './profile-faults';
import type { TargetFaultCase } from './target-faults';
import { isRecord } from '../../../kit/json/guards';

/*
 * Gateways as they exist beside the contract: serving part of it, under another prefix, behind a
 * routing header, or with one defect in an answer (those that drop connections are in
 * dropped-connection-faults.ts). The suite judges each (exit 0 or 1); it refuses none of them as
 * "not this API".
 */

const NOT_FOUND: ProxiedResponse = {
  status: 404,
  headers: { 'content-type': 'application/json' },
  body: { error: { code: 404, message: 'Not Found' } },
};

const METHOD_NOT_ALLOWED: ProxiedResponse = {
  status: 405,
  headers: { 'content-type': 'application/json', allow: 'POST' },
  body: { error: { code: 405, message: 'Method Not Allowed' } },
};

/** Serves POST /responses under /v1 (not /api/v1), and nothing else: 405 to another method there, 404 elsewhere. */
const ONLY_RESPONSES_UNDER_V1: Fault = {
  answer: (req) =>
    !/^\/v1\/responses(\?|$)/.test(req.path) ? NOT_FOUND : req.method === 'POST' ? undefined : METHOD_NOT_ALLOWED,
  request: (req) => ({ ...req, path: req.path.replace(/^\/v1\//, '/') }),
};

const underV1 = ({ proxy }: { readonly proxy: string }) => proxy.replace(/\/api\/v1$/, '/v1');

/** The routing header a multi-tenant gateway needs, and a tenant key it takes as a header. */
export const ROUTE_HEADER = 'X-Route-To: mock';
export const TENANT_SECRET = 'tenant-secret-5f0c2e9a71';

/** Refuses (400, echoing what it got) a request without both headers. */
function needsHeaders(req: ProxiedRequest): ProxiedResponse | undefined {
  if (req.headers['x-route-to'] === 'mock' && req.headers['x-tenant-key'] === TENANT_SECRET) return undefined;
  const got = `X-Route-To ${req.headers['x-route-to'] ?? 'missing'}, X-Tenant-Key ${req.headers['x-tenant-key'] ?? 'missing'}`;
  return {
    status: 400,
    headers: { 'content-type': 'application/json' },
    body: { error: { code: 400, message: `no route: ${got}` } },
  };
}

const headerArgs = ['--header', ROUTE_HEADER, '--header', `X-Tenant-Key: ${TENANT_SECRET}`];

export const PARTIAL_GATEWAY_FAULTS: readonly TargetFaultCase[] = [
  {
    name: 'serves only POST /responses, under /v1, and is judged on it',
    only: ['createResponse'],
    baseUrl: underV1,
    fault: ONLY_RESPONSES_UNDER_V1,
    exit: 0,
    says: /not in scope \(left out by --only; not asked, not judged\): unassignGuardrailKeys, listEmbeddingsModels, getModel\n[\s\S]*PASS: \d+ passed, 0 failed/,
    report: (json) => {
      expect(json.notInScope).toEqual(['unassignGuardrailKeys', 'listEmbeddingsModels', 'getModel']);
      expect(Object.keys(json.operations)).toEqual(['createResponse']);
    },
  },
  {
    name: 'serves only POST /responses, under /v1, with a stream that never completes',
    only: ['createResponse'],
    baseUrl: underV1,
    fault: {
      ...ONLY_RESPONSES_UNDER_V1,
      stream: (frames) => ({ frames: frames.filter((f) => !f.includes('"response.completed"')) }),
    },
    exit: 1,
    caughtBy: 'stream-lifecycle-order',
  },
  {
    name: 'serves only POST /responses under /v1, and is given its bare host',
    only: ['createResponse'],
    baseUrl: ({ proxy }) => new URL(proxy).origin,
    fault: ONLY_RESPONSES_UNDER_V1,
    exit: 2,
    says: /does not answer as the Model Gateway API: POST .*got 404 .*It does answer at http:\/\/127\.0\.0\.1:\d+\/v1: use that as the base URL/,
  },
  {
    name: 'needs a routing header and a tenant key, given with --header',
    only: ['catalog/getModel/model', 'stream/createResponse/text'],
    // Its reset address is behind it too: the reset call carries the headers as well.
    resetUrl: ({ proxy }) => `${new URL(proxy).origin}/__mock/reset`,
    fault: { answer: needsHeaders },
    args: headerArgs,
    exit: 0,
    secret: TENANT_SECRET,
  },
  {
    name: 'needs a routing header and a tenant key it echoes, with a defect the report shows',
    only: ['catalog/getModel/model', 'rules/createResponse/store-true'],
    fault: {
      answer: needsHeaders,
      // Valid requests still work; store: true is "accepted" and the key echoed back in a header.
      request: (req) =>
        isRecord(req.body) && req.body.store === true ? { ...req, body: { ...req.body, store: false } } : req,
      response: (res, req) => ({
        ...res,
        headers: { ...res.headers, 'x-generation-id': String(req.headers['x-tenant-key']) },
      }),
    },
    args: headerArgs,
    exit: 1,
    caughtBy: 'status-matches-rule',
    secret: TENANT_SECRET,
    report: (json) => {
      const failure = json.failures.find((f) => f.check === 'status-matches-rule');
      expect(failure?.request.headers).toMatchObject({ 'X-Route-To': 'mock', 'X-Tenant-Key': '$X_TENANT_KEY' });
      expect(failure?.curl).toContain(`-H "X-Tenant-Key: $X_TENANT_KEY"`);
      expect(failure?.received.headers['x-generation-id']).toBe('$X_TENANT_KEY');
    },
  },
  {
    name: 'has one schema bug in its catalog answers (context_length a string)',
    only: ['catalog/getModel/model'],
    fault: {
      response: (res, req) => {
        if (!req.path.startsWith('/model/') || !isRecord(res.body) || !isRecord(res.body.data)) return res;
        return {
          ...res,
          body: { ...res.body, data: { ...res.body.data, context_length: String(res.body.data.context_length) } },
        };
      },
    },
    exit: 1,
    caughtBy: 'response-schema-valid',
    says: /context_length/,
  },
  // OpenAI-compatible gateways, judged by profile (profile-faults.ts).
  ...PROFILE_FAULTS,
];
