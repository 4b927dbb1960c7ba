import type { FaultCase } from './fault-case';
import type { ProxiedRequest, ProxiedResponse } from './fault-proxy';
import { isRecord } from '../../../kit/json/guards';

/** The mock's answer to unassigning from an existing guardrail when nothing was assigned: 200, count 0. */
function noneUnassigned(res: ProxiedResponse, req: ProxiedRequest): boolean {
  return (
    req.path.startsWith('/guardrails/') && res.status === 200 && isRecord(res.body) && res.body.unassigned_count === 0
  );
}

/** The guardrail id in the request's path. */
const idOf = (req: ProxiedRequest) => /^\/guardrails\/([^/]+)/.exec(req.path)?.[1] ?? '';

/**
 * Gateways whose answers to the preflight contradict the contract (a 404 where it says 200 for an
 * empty result on an existing guardrail, a 401 to a key another operation accepts): the preflight
 * must report the defect (exit 1), not call a setting wrong (exit 2).
 */
export const PREFLIGHT_FAULTS: readonly FaultCase[] = [
  {
    name: 'answers 404 "no keys to unassign" when nothing was unassigned',
    only: ['guardrail/unassignGuardrailKeys/unknown-hashes'],
    caughtBy: 'unassigned-count-matches',
    said: /another 404 .* so this guardrail exists/,
    fault: {
      response: (res, req) =>
        noneUnassigned(res, req)
          ? { ...res, status: 404, body: { error: { code: 404, message: 'No keys to unassign' } } }
          : res,
    },
  },
  {
    name: 'answers 404 worded as a missing guardrail when nothing was unassigned',
    only: ['guardrail/unassignGuardrailKeys/unknown-hashes'],
    caughtBy: 'unassigned-count-matches',
    said: /blocked by a guardrail stage naming it, so it exists/,
    fault: {
      response: (res, req) =>
        noneUnassigned(res, req)
          ? { ...res, status: 404, body: { error: { code: 404, message: `Guardrail ${idOf(req)} not found` } } }
          : res,
    },
  },
  {
    name: 'answers an empty result with 404 and the count',
    only: ['guardrail/unassignGuardrailKeys/unknown-hashes'],
    caughtBy: 'unassigned-count-matches',
    said: /not the error envelope with error.code 404/,
    fault: { response: (res, req) => (noneUnassigned(res, req) ? { ...res, status: 404 } : res) },
  },
  {
    name: 'refuses the API key with 401 on one operation while another accepts it',
    only: ['catalog/'],
    caughtBy: 'auth-required',
    said: /refused the API key with 401, which GET \S+ accepted \(200\)/,
    fault: {
      answer: (req) =>
        req.method === 'GET' &&
        req.path.startsWith('/embeddings/models') &&
        req.headers.authorization === 'Bearer sk-mock-user'
          ? {
              status: 401,
              headers: { 'content-type': 'application/json' },
              body: { error: { code: 401, message: 'Invalid API key' } },
            }
          : undefined,
    },
  },
  {
    name: 'answers GET /model 404 for every model, those it lists included',
    only: ['catalog/'],
    caughtBy: 'model-matches-request',
    said: /answered 404 for openai\/gpt-4o and for \S+, a model GET \/embeddings\/models lists/,
    fault: {
      answer: (req) =>
        req.method === 'GET' && req.path.startsWith('/model/')
          ? {
              status: 404,
              headers: { 'content-type': 'application/json' },
              body: { error: { code: 404, message: 'Model not found' } },
            }
          : undefined,
    },
  },
];
