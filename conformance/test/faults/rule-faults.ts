import type { ProxiedRequest } from './fault-proxy';
import type { FaultCase } from './fault-case';
import { without } from './fault-case';
import { isRecord } from '../../../kit/json/guards';
import { OUTSIDE_ENUM } from '../../schema/derive-boundaries';

/** Rewrites the JSON body of POST /responses requests. */
function responsesBody(
  edit: (body: Record<string, unknown>) => Record<string, unknown>,
): (req: ProxiedRequest) => ProxiedRequest {
  return (req) => (req.path.startsWith('/responses') && isRecord(req.body) ? { ...req, body: edit(req.body) } : req);
}

/** Faults in the operation rules: limits, statelessness, provider and plugin constraints. */
export const RULE_FAULTS: readonly FaultCase[] = [
  {
    name: 'accepts a 257-character user (truncates instead of rejecting)',
    only: ['limits/createResponse/user-'],
    caughtBy: 'limit-rejected-past-boundary',
    fault: { request: responsesBody((b) => (typeof b.user === 'string' ? { ...b, user: b.user.slice(0, 256) } : b)) },
  },
  {
    name: 'accepts 17 metadata pairs (keeps the first 16)',
    only: ['limits/createResponse/metadata-with-1'],
    caughtBy: 'limit-rejected-past-boundary',
    fault: {
      request: responsesBody((b) =>
        isRecord(b.metadata) ? { ...b, metadata: Object.fromEntries(Object.entries(b.metadata).slice(0, 16)) } : b,
      ),
    },
  },
  {
    name: 'clamps limit to 1000 instead of rejecting 1001',
    only: ['limits/listEmbeddingsModels/'],
    caughtBy: 'limit-rejected-past-boundary',
    fault: {
      request: (req) => ({
        ...req,
        path: req.path.replace(/limit=(\d+)/, (_, n: string) => `limit=${Math.min(Number(n), 1000)}`),
      }),
    },
  },
  {
    name: 'rejects the maximum fusion panel (8 analysis models)',
    only: ['limits/createResponse/plugins-0-fusion-analysis'],
    caughtBy: 'limit-accepted-at-boundary',
    fault: {
      request: responsesBody((b) => {
        const fusion = Array.isArray(b.plugins) ? b.plugins.find((p) => isRecord(p) && p.id === 'fusion') : undefined;
        return isRecord(fusion) && Array.isArray(fusion.analysis_models) && fusion.analysis_models.length === 8
          ? { ...b, user: 'u'.repeat(300) }
          : b;
      }),
    },
  },
  {
    name: 'accepts unknown provider properties (drops them)',
    only: ['limits/createResponse/provider-'],
    caughtBy: 'unknown-property-rejected',
    fault: { request: responsesBody((b) => (isRecord(b.provider) ? { ...b, provider: {} } : b)) },
  },
  {
    name: 'accepts an unknown plugin id (ignores the plugin)',
    only: ['limits/createResponse/plugins-0-with-id'],
    caughtBy: 'unknown-kind-rejected',
    fault: { request: responsesBody((b) => ({ ...b, plugins: [] })) },
  },
  {
    name: 'takes a service_tier outside its enum as the default (drops it)',
    only: ['limits/createResponse/service-tier-conformance-outside-enum'],
    caughtBy: 'enum-value-rejected',
    fault: {
      request: responsesBody((b) => (b.service_tier === OUTSIDE_ENUM ? without(b, 'service_tier') : b)),
    },
  },
  {
    name: 'ignores an X-Service-Metadata value outside its enum',
    only: ['limits/createResponse/x-service-metadata-conformance-outside-enum'],
    caughtBy: 'enum-value-rejected',
    fault: {
      request: (req) =>
        req.headers['x-service-metadata'] === OUTSIDE_ENUM
          ? { ...req, headers: without(req.headers, 'x-service-metadata') as Record<string, string> }
          : req,
    },
  },
  {
    name: 'accepts a non-null previous_response_id',
    only: ['rules/createResponse/previous-response-id'],
    caughtBy: 'status-matches-rule',
    fault: { request: responsesBody((b) => without(b, 'previous_response_id')) },
  },
  {
    name: 'accepts store true',
    only: ['rules/createResponse/store-'],
    caughtBy: 'status-matches-rule',
    fault: { request: responsesBody((b) => without(b, 'store')) },
  },
  {
    name: 'accepts a function tool whose name is not a string (drops the tool)',
    only: ['rules/createResponse/function-tool-'],
    caughtBy: 'status-matches-rule',
    fault: {
      request: responsesBody((b) =>
        Array.isArray(b.tools)
          ? {
              ...b,
              tools: b.tools.filter((t) => !(isRecord(t) && t.type === 'function' && typeof t.name !== 'string')),
            }
          : b,
      ),
    },
  },
  {
    name: 'answers an unknown model with the default model',
    only: ['rules/createResponse/unknown-model'],
    caughtBy: 'status-matches-rule',
    fault: {
      request: responsesBody((b) =>
        String(b.model).startsWith('conformance-') ? { ...b, model: 'openai/gpt-4o' } : b,
      ),
    },
  },
  {
    name: 'ignores the legacy metadata header',
    only: ['rules/createResponse/service-metadata-'],
    caughtBy: 'service-metadata-present',
    fault: {
      request: (req) => ({
        ...req,
        headers: without(req.headers, 'x-service-experimental-metadata') as Record<string, string>,
      }),
    },
  },
  {
    name: 'answers 500 to requests with three or more metadata pairs',
    only: ['property/createResponse/valid'],
    caughtBy: 'no-server-error',
    fault: {
      response: (res, req) =>
        isRecord(req.body) && isRecord(req.body.metadata) && Object.keys(req.body.metadata).length >= 3
          ? { ...res, status: 500, body: { error: { code: 500, message: 'boom' } } }
          : res,
    },
  },
  {
    name: 'fails with 500 on text outside ASCII',
    only: ['property/createResponse/valid'],
    caughtBy: 'no-server-error',
    fault: {
      response: (res, req) =>
        /[^\u0000-\u007f]/.test(JSON.stringify(req.body ?? '').replace(/\\u[0-9a-f]{4}/gi, ''))
          ? { ...res, status: 500, body: { error: { code: 500, message: 'encoding' } } }
          : res,
    },
  },
  {
    name: 'accepts parallel_tool_calls of any type (coerces it)',
    only: ['property/createResponse/wrong-types'],
    caughtBy: 'invalid-request-rejected',
    fault: {
      request: responsesBody((b) =>
        'parallel_tool_calls' in b && typeof b.parallel_tool_calls !== 'boolean' && b.parallel_tool_calls !== null
          ? { ...b, parallel_tool_calls: true }
          : b,
      ),
    },
  },
];
