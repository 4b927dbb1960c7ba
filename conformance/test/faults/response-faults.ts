import type { FaultCase } from './fault-case';
import { without } from './fault-case';
import { isRecord } from '../../../kit/json/guards';

/** Faults in every answer's status, content type, body shape and error envelope, and in auth. */
export const RESPONSE_FAULTS: readonly FaultCase[] = [
  {
    name: 'answers 201 instead of 200',
    only: ['catalog/getModel/model'],
    caughtBy: 'status-code-documented',
    fault: { response: (res) => ({ ...res, status: res.status === 200 ? 201 : res.status }) },
  },
  {
    name: 'labels JSON as text/plain',
    only: ['catalog/getModel/model'],
    caughtBy: 'content-type-documented',
    fault: { response: (res) => ({ ...res, headers: { ...res.headers, 'content-type': 'text/plain' } }) },
  },
  {
    name: 'drops a required member of the result (created_at)',
    only: ['rules/createResponse/plain'],
    caughtBy: 'response-schema-valid',
    fault: {
      response: (res) => {
        return isRecord(res.body) ? { ...res, body: without(res.body, 'created_at') } : res;
      },
    },
  },
  {
    name: 'miscounts usage.total_tokens',
    only: ['rules/createResponse/plain'],
    caughtBy: 'usage-total-consistent',
    fault: {
      response: (res) =>
        isRecord(res.body) && isRecord(res.body.usage)
          ? { ...res, body: { ...res.body, usage: { ...res.body.usage, total_tokens: 1 } } }
          : res,
    },
  },
  {
    name: 'drops the request metadata from the result',
    only: ['limits/createResponse/metadata-with-16'],
    caughtBy: 'metadata-echoed',
    fault: {
      response: (res) =>
        isRecord(res.body) && isRecord(res.body.metadata) ? { ...res, body: { ...res.body, metadata: {} } } : res,
    },
  },
  {
    name: 'sends error.code 400 on a 401',
    only: ['auth/missing-key/getModel'],
    caughtBy: 'error-code-matches-status',
    fault: {
      response: (res) =>
        res.status === 401 && isRecord(res.body)
          ? { ...res, body: { error: { code: 400, message: 'unauthorized' } } }
          : res,
    },
  },
  {
    name: 'answers 404 without the error envelope',
    only: ['catalog/getModel/unknown-slug'],
    caughtBy: 'response-schema-valid',
    fault: { response: (res) => (res.status === 404 ? { ...res, body: { message: 'not found' } } : res) },
  },
  {
    name: 'skips authentication (a missing or bad key passes as the user key)',
    only: ['auth/'],
    caughtBy: 'auth-required',
    fault: {
      request: (req) => {
        const auth = req.headers.authorization;
        if (auth === undefined || auth.includes('invalid'))
          return { ...req, headers: { ...req.headers, authorization: 'Bearer sk-mock-user' } };
        return req;
      },
    },
  },
  {
    name: 'answers a missing key with a bare "Unauthorized"',
    only: ['auth/missing-key/getModel'],
    caughtBy: 'auth-required',
    fault: {
      response: (res) =>
        res.status === 401 ? { ...res, body: { error: { code: 401, message: 'Unauthorized' } } } : res,
    },
  },
  {
    name: 'refuses an ordinary key without saying a management key is needed',
    only: ['auth/ordinary-key'],
    caughtBy: 'management-key-required',
    fault: {
      response: (res) => (res.status === 403 ? { ...res, body: { error: { code: 403, message: 'Forbidden' } } } : res),
    },
  },
  {
    name: 'answers malformed JSON as if it were a plain request',
    only: ['rules/createResponse/malformed-json'],
    caughtBy: 'status-matches-rule',
    fault: {
      request: (req) =>
        typeof req.body === 'string' ? { ...req, body: { model: 'openai/gpt-4o', input: 'hi' } } : req,
    },
  },
  {
    name: 'lets an ordinary key unassign guardrail keys',
    only: ['auth/ordinary-key'],
    caughtBy: 'management-key-required',
    fault: {
      request: (req) =>
        req.path.startsWith('/guardrails/') && req.headers.authorization === 'Bearer sk-mock-user'
          ? { ...req, headers: { ...req.headers, authorization: 'Bearer sk-mock-management' } }
          : req,
    },
  },
];
