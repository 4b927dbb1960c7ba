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
 * Gateways that answer 404 where the contract says 200 (an empty result on an existing guardrail):
 * the preflight must report the defect (exit 1), not call the guardrail id wrong (exit 2).
 */
export const GUARDRAIL_PREFLIGHT_FAULTS: readonly FaultCase[] = [
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
];
