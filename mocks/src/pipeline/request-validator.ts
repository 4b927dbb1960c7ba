import type { IncomingHttpHeaders } from 'node:http';
import type { Contract } from '../../../kit/contract/contract';
import type { OperationInfo, ParameterInfo } from '../../../kit/contract/operations';
import { GatewayError } from './gateway-error';
import { describeErrors, summarize } from './format-validation-errors';
import { MAX_JSON_DEPTH, jsonDepthExceeds } from './json-depth';

export interface RawRequest {
  readonly pathParams: Readonly<Record<string, string>>;
  /** The query string, without `?` ('' when there is none); parsed only by operations that have query parameters. */
  readonly queryString: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer | undefined;
}

export interface ValidatedRequest {
  readonly query: Record<string, unknown>;
  readonly body: unknown;
}

export type RequestValidator = (request: RawRequest) => ValidatedRequest;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Compiles, once per operation, validators for its parameters and JSON body from the document.
 * No rule is written here: limits, enums and shapes all come from spec/openapi.yaml.
 */
export function compileRequestValidator(contract: Contract, operation: OperationInfo): RequestValidator {
  const parameters = operation.parameters.map((param) => ({
    param,
    coerce: coercion(param.schema),
    validate: contract.validator(param.schemaPointer),
  }));
  const hasQuery = operation.parameters.some((param) => param.in === 'query');
  const jsonPointer = operation.requestBody?.content.get('application/json');
  const validateBody = jsonPointer ? contract.validator(jsonPointer) : undefined;
  const bodyRequired = operation.requestBody?.required === true;

  return (request) => {
    const query: Record<string, unknown> = {};
    const searchParams = hasQuery ? new URLSearchParams(request.queryString) : undefined;
    for (const { param, coerce, validate } of parameters) {
      const raw = rawParameter(param, request, searchParams);
      if (raw === undefined) {
        if (param.required) throw new GatewayError(400, `Invalid request: ${param.in}.${param.name} is required`);
        continue;
      }
      const value = coerce(raw);
      if (!validate(value)) {
        const problems = describeErrors(`${param.in}.${param.name}`, validate.errors ?? []);
        throw new GatewayError(400, summarize(problems), { metadata: { errors: problems } });
      }
      if (param.in === 'query') query[param.name] = value;
    }
    if (!validateBody) return { query, body: undefined };
    const body = parseJsonBody(request, bodyRequired);
    if (body !== undefined && !validateBody(body)) {
      const problems = describeErrors('body', validateBody.errors ?? []);
      throw new GatewayError(400, summarize(problems), { metadata: { errors: problems } });
    }
    return { query, body };
  };
}

function rawParameter(
  param: ParameterInfo,
  request: RawRequest,
  searchParams: URLSearchParams | undefined,
): string | undefined {
  switch (param.in) {
    case 'path':
      return request.pathParams[param.name];
    case 'query': {
      const values = searchParams?.getAll(param.name) ?? [];
      if (values.length > 1)
        throw new GatewayError(
          400,
          `Invalid request: query.${param.name} is given ${values.length} times; give it once`,
        );
      return values[0];
    }
    case 'header': {
      const value = request.headers[param.name.toLowerCase()];
      return Array.isArray(value) ? value.join(', ') : value;
    }
    default:
      return undefined;
  }
}

/**
 * Query, path and header values arrive as text; numbers and booleans are read per the schema's type.
 * An integer must be written as one (`10`, not `10.0`, `1e3` or ` 10`): anything else stays a
 * string, so the schema's `type` rule rejects it and the message names the rule. Chosen once per
 * parameter; a plain string parameter is passed through untouched.
 */
function coercion(schema: Record<string, unknown>): (raw: string) => unknown {
  const types: unknown[] = Array.isArray(schema.type) ? schema.type : [schema.type];
  const integer = types.includes('integer');
  const number = types.includes('number');
  const boolean = types.includes('boolean');
  if (!integer && !number && !boolean) return (raw) => raw;
  return (raw) => {
    if (integer && /^-?\d+$/.test(raw)) return Number(raw);
    if (number && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(raw)) return Number(raw);
    if (boolean && (raw === 'true' || raw === 'false')) return raw === 'true';
    return raw;
  };
}

function parseJsonBody(request: RawRequest, required: boolean): unknown {
  const raw = request.body;
  if (!raw || raw.length === 0) {
    if (required)
      throw new GatewayError(400, 'Invalid request: a JSON request body is required (Content-Type: application/json)');
    return undefined;
  }
  const contentType =
    String(request.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim()
      .toLowerCase() ?? '';
  if (contentType !== '' && contentType !== 'application/json' && !contentType.endsWith('+json')) {
    throw new GatewayError(400, `Invalid request: Content-Type must be application/json, got ${contentType}`);
  }
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    throw new GatewayError(400, 'Invalid request: the body is not valid UTF-8');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch (err) {
    throw new GatewayError(400, `Malformed JSON in request body: ${(err as Error).message}`);
  }
  // Checked after parsing, so malformed text keeps its own message; only valid JSON is scanned.
  if (jsonDepthExceeds(text)) {
    throw new GatewayError(400, `Invalid request: the JSON body is nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
  return parsed;
}
