import type { BenchRequest } from './canned-response';

/** The servers compared; ours and bare serve under the base path, Prism at the root (no server variable). */
export type TargetName = 'ours' | 'prism' | 'bare';

export const TARGETS: readonly TargetName[] = ['ours', 'prism', 'bare'];

export interface Workload {
  readonly id: 'get-model' | 'create-response';
  readonly label: string;
  /** Request relative to the API base (getModel, createResponse). */
  readonly request: BenchRequest;
}

export const DEMO_KEY = 'sk-mock-user';
const AUTH = { authorization: `Bearer ${DEMO_KEY}` };
const JSON_AUTH = { ...AUTH, 'content-type': 'application/json' };

export const WORKLOADS: readonly Workload[] = [
  {
    id: 'get-model',
    label: 'GET /model/openai/gpt-4o',
    request: { method: 'GET', path: '/model/openai/gpt-4o', headers: AUTH },
  },
  {
    id: 'create-response',
    label: 'POST /responses (JSON)',
    request: {
      method: 'POST',
      path: '/responses',
      headers: JSON_AUTH,
      body: JSON.stringify({ model: 'openai/gpt-4o', input: 'Hello' }),
    },
  },
];

/** createResponse: `stream: true` answers text/event-stream ending in `[DONE]`. A short answer (~17 events). */
export const STREAM_REQUEST: BenchRequest = {
  method: 'POST',
  path: '/responses',
  headers: JSON_AUTH,
  body: JSON.stringify({ model: 'openai/gpt-4o', input: 'Hello', stream: true }),
};

/** The built-in long-story script: a reasoning item and a ~200-token text, some 230 events. */
export const LONG_STREAM_REQUEST: BenchRequest = {
  ...STREAM_REQUEST,
  body: JSON.stringify({ model: 'openai/gpt-4o', input: 'tell me a long story', stream: true }),
};

/** The paced-streams case: the long story cut to exactly 20 text deltas. */
export const PACED_STREAM_REQUEST: BenchRequest = {
  ...STREAM_REQUEST,
  body: JSON.stringify({ model: 'openai/gpt-4o', input: 'tell me a long story', max_output_tokens: 20, stream: true }),
};

export const API_BASE = '/api/v1';

/** The same request addressed to a target's base path. */
export function forTarget(target: TargetName, request: BenchRequest): BenchRequest {
  return target === 'prism' ? request : { ...request, path: API_BASE + request.path };
}
