import type { Contract } from '../../../kit/contract/contract';
import { encodeSegment } from '../../../kit/json/json-pointer';
import { listOperations } from '../../../kit/contract/operations';

/** The demo keys of the built-in fixtures (securitySchemes: bearer keys; one management key). */
export const USER_KEY = 'sk-mock-user';
export const MANAGEMENT_KEY = 'sk-mock-management';
export const GUARDED_KEY = 'sk-mock-guarded';
/** The built-in guardrail, assigned to GUARDED_KEY. */
export const DEMO_GUARDRAIL_ID = '00000000-0000-4000-8000-000000000001';

/** The openai SDK's function tool the built-in fixtures' weather script answers (strict, as the SDK's docs write it). */
export const WEATHER_TOOL = {
  type: 'function' as const,
  name: 'get_weather',
  description: 'Current weather for a city.',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string' } },
    required: ['city'],
    additionalProperties: false,
  },
  strict: true,
};

export const bearer = (key: string): { Authorization: string } => ({ Authorization: `Bearer ${key}` });

export interface SampleRequest {
  readonly operationId: string;
  readonly method: 'GET' | 'POST';
  /** Relative to the API base. */
  readonly path: string;
  readonly body?: unknown;
  /** The key that may call the operation. */
  readonly key: string;
}

/** One valid request per operation of the spec; tests check that the list covers them all. */
export const SAMPLE_REQUESTS: readonly SampleRequest[] = [
  {
    operationId: 'createResponse',
    method: 'POST',
    path: '/responses',
    body: { model: 'openai/gpt-4o', input: 'Say hello.' },
    key: USER_KEY,
  },
  {
    operationId: 'unassignGuardrailKeys',
    method: 'POST',
    path: `/guardrails/${DEMO_GUARDRAIL_ID}/assignments/keys/remove`,
    body: { key_hashes: ['0000000000000000000000000000000000000000000000000000000000000000'] },
    key: MANAGEMENT_KEY,
  },
  { operationId: 'listEmbeddingsModels', method: 'GET', path: '/embeddings/models', key: USER_KEY },
  { operationId: 'getModel', method: 'GET', path: '/model/openai/gpt-4o', key: USER_KEY },
];

export function operationIds(contract: Contract): string[] {
  return listOperations(contract)
    .map((operation) => operation.operationId)
    .sort();
}

/** A number the spec states at `pointer` (a limit such as `maxLength`), so tests never re-type it. */
export function specNumber(contract: Contract, pointer: string): number {
  const value = contract.at<unknown>(pointer);
  if (typeof value !== 'number') throw new Error(`spec value at ${pointer} is not a number: ${JSON.stringify(value)}`);
  return value;
}

/** A named example of an operation's response, as written in the spec. */
export function responseExample(
  contract: Contract,
  path: string,
  method: string,
  status: string,
  mediaType: string,
  name: string,
): unknown {
  const response = contract.resolve<{ content?: Record<string, { examples?: Record<string, unknown> }> }>(
    contract.at(`#/paths/${encodeSegment(path)}/${method}/responses/${status}`),
  );
  const example = response.content?.[mediaType]?.examples?.[name];
  if (example === undefined) throw new Error(`no example ${name} for ${method} ${path} ${status} ${mediaType}`);
  return contract.resolve<{ value: unknown }>(example).value;
}
