import type { FaultCase } from './fault-case';
import { without } from './fault-case';
import { isRecord } from '../../../kit/json/guards';

/** Faults in the catalog (paging, aliases, variants) and the guardrail operations. */
export const CATALOG_FAULTS: readonly FaultCase[] = [
  {
    name: 'ignores offset when paging',
    only: ['catalog/listEmbeddingsModels/paging'],
    caughtBy: 'page-window-matches',
    fault: { request: (req) => ({ ...req, path: req.path.replace(/([?&])offset=\d+&?/, '$1').replace(/[?&]$/, '') }) },
  },
  {
    name: 'reports the page size as the total count',
    only: ['catalog/listEmbeddingsModels/paging'],
    caughtBy: 'page-window-matches',
    fault: {
      response: (res) =>
        isRecord(res.body) && Array.isArray(res.body.data) && 'total_count' in res.body
          ? { ...res, body: { ...res.body, total_count: res.body.data.length } }
          : res,
    },
  },
  {
    name: 'lists a chat model among the embeddings models',
    only: ['catalog/listEmbeddingsModels/paging'],
    caughtBy: 'embeddings-listed',
    fault: {
      response: (res, req) => {
        if (req.path !== '/embeddings/models' || !isRecord(res.body) || !Array.isArray(res.body.data)) return res;
        const first = res.body.data[0];
        const chat = isRecord(first)
          ? {
              ...first,
              id: 'openai/gpt-4o',
              architecture: { ...(first.architecture as object), output_modalities: ['text'] },
            }
          : first;
        return { ...res, body: { ...res.body, data: [...res.body.data, chat], total_count: res.body.data.length + 1 } };
      },
    },
  },
  {
    name: 'lists a model twice',
    only: ['catalog/listEmbeddingsModels/paging'],
    caughtBy: 'embeddings-listed',
    fault: {
      response: (res, req) =>
        req.path === '/embeddings/models' && isRecord(res.body) && Array.isArray(res.body.data)
          ? {
              ...res,
              body: { ...res.body, data: [...res.body.data, res.body.data[0]], total_count: res.body.data.length + 1 },
            }
          : res,
    },
  },
  {
    name: 'ignores a limit that is not an integer',
    only: ['catalog/listEmbeddingsModels/limit-'],
    caughtBy: 'status-matches-rule',
    fault: {
      request: (req) => ({
        ...req,
        path: req.path.replace(/([?&])limit=[^&]*[^0-9&][^&]*/, '$1').replace(/[?&]$/, ''),
      }),
    },
  },
  {
    name: 'gives modality as the input side only, not input->output',
    only: ['catalog/getModel/model'],
    caughtBy: 'response-schema-valid',
    fault: {
      response: (res) => {
        const model = isRecord(res.body) ? res.body.data : undefined;
        if (!isRecord(res.body) || !isRecord(model) || !isRecord(model.architecture)) return res;
        const architecture = { ...model.architecture, modality: 'text' };
        return { ...res, body: { ...res.body, data: { ...model, architecture } } };
      },
    },
  },
  {
    name: 'does not resolve aliases',
    only: ['catalog/getModel/alias-'],
    caughtBy: 'model-matches-request',
    fault: {
      request: (req) => ({ ...req, path: req.path.replace('claude-3-5-sonnet', 'no-alias-claude-3-5-sonnet') }),
    },
  },
  {
    name: 'does not decode a percent-encoded variant colon',
    only: ['catalog/getModel/variant-'],
    caughtBy: 'model-matches-request',
    fault: { request: (req) => ({ ...req, path: req.path.replace(/%3A/gi, '%253A') }) },
  },
  {
    name: 'does not block input the guardrail matches',
    only: ['guardrail/createResponse/'],
    caughtBy: 'guardrail-block-reported',
    fault: {
      request: (req) =>
        req.headers.authorization === 'Bearer sk-mock-guarded'
          ? { ...req, headers: { ...req.headers, authorization: 'Bearer sk-mock-user' } }
          : req,
    },
  },
  {
    name: 'blocks without naming the patterns',
    only: ['guardrail/createResponse/blocked'],
    caughtBy: 'guardrail-block-reported',
    fault: {
      response: (res) =>
        res.status === 403 && isRecord(res.body) && isRecord(res.body.error)
          ? { ...res, body: { ...res.body, error: { code: 403, message: 'blocked' } } }
          : res,
    },
  },
  {
    name: 'leaves service_metadata out of the block',
    only: ['guardrail/createResponse/blocked-metadata'],
    caughtBy: 'guardrail-block-reported',
    fault: {
      response: (res) => {
        if (res.status !== 403 || !isRecord(res.body)) return res;
        return { ...res, body: without(res.body, 'service_metadata') };
      },
    },
  },
  {
    name: 'reports the blocking guardrail stage with only its type and id',
    only: ['guardrail/createResponse/blocked-metadata'],
    caughtBy: 'guardrail-block-reported',
    fault: {
      response: (res) => {
        if (res.status !== 403 || !isRecord(res.body) || !isRecord(res.body.service_metadata)) return res;
        const metadata = res.body.service_metadata;
        const pipeline = Array.isArray(metadata.pipeline) ? metadata.pipeline : [];
        const bare = pipeline.map((stage) =>
          isRecord(stage) ? { type: stage.type, guardrail_id: stage.guardrail_id } : stage,
        );
        return { ...res, body: { ...res.body, service_metadata: { ...metadata, pipeline: bare } } };
      },
    },
  },
  {
    name: 'reports endpoints without their total in the block',
    only: ['guardrail/createResponse/blocked-metadata'],
    caughtBy: 'guardrail-block-reported',
    fault: {
      response: (res) => {
        if (res.status !== 403 || !isRecord(res.body) || !isRecord(res.body.service_metadata)) return res;
        const metadata = res.body.service_metadata;
        const endpoints = isRecord(metadata.endpoints) ? without(metadata.endpoints, 'total') : metadata.endpoints;
        return { ...res, body: { ...res.body, service_metadata: { ...metadata, endpoints } } };
      },
    },
  },
  {
    name: 'counts every hash sent, repeats and unknown ones included',
    only: ['guardrail/unassignGuardrailKeys/'],
    caughtBy: 'unassigned-count-matches',
    fault: {
      response: (res, req) =>
        res.status === 200 && isRecord(req.body) && Array.isArray(req.body.key_hashes)
          ? { ...res, body: { unassigned_count: req.body.key_hashes.length } }
          : res,
    },
  },
  {
    name: 'counts a key once per time its hash is sent (repeats counted again)',
    only: ['guardrail/unassignGuardrailKeys/unassign-twice'],
    caughtBy: 'unassigned-count-matches',
    said: /repeats counted again/,
    fault: {
      response: (res, req) => {
        if (res.status !== 200 || !isRecord(req.body) || !Array.isArray(req.body.key_hashes)) return res;
        if (!isRecord(res.body) || typeof res.body.unassigned_count !== 'number') return res;
        const hashes: unknown[] = req.body.key_hashes;
        const times = hashes.filter((hash) => hash === hashes[0]).length;
        return { ...res, body: { unassigned_count: res.body.unassigned_count * times } };
      },
    },
  },
  {
    name: 'answers 200 for an unknown guardrail',
    only: ['guardrail/unassignGuardrailKeys/unknown-guardrail'],
    caughtBy: 'unassigned-count-matches',
    fault: { response: (res) => (res.status === 404 ? { ...res, status: 200, body: { unassigned_count: 0 } } : res) },
  },
];
