import type { RequestHeaders } from '../../exchange/mock-request';
import type { Contract } from '../../../../kit/contract/contract-types';
import type { OperationInfo, ParameterInfo } from '../../../../kit/contract/operations';
import { GatewayError } from '../../exchange/gateway-error';
import { describeErrors, summarize } from './format-validation-errors';
import { MAX_JSON_DEPTH, jsonDepthExceeds } from '../../exchange/util/json-depth';
import { LruCache } from '../../../../kit/memo/lru-cache';
import { deepFreeze } from '../../../../kit/json/deep-freeze';
import { titledRules } from './titled-rules';
import { BYTE_STRING_MAX_BYTES, toByteString } from '../../exchange/util/byte-string';

export interface RawRequest {
  readonly pathParams: Readonly<Record<string, string>>;
  /** The query string, without `?` ('' when there is none); parsed only by operations that have query parameters. */
  readonly queryString: string;
  readonly headers: RequestHeaders;
  readonly body: Uint8Array | undefined;
}

export interface ValidatedRequest {
  readonly query: Record<string, unknown>;
  readonly body: unknown;
  /**
   * The body's byte string (exchange/util/byte-string.ts) when the body is remembered
   * (RequestValidatorOptions.reuseBodies): the one string kept for every request with these
   * bytes, which the journal keeps in place of a copy of its own.
   */
  readonly bodyByteString?: string;
}

/** A body that passed: its byte string and its parsed value, frozen. */
interface RememberedBody {
  readonly byteString: string;
  readonly body: object;
}

export type RequestValidator = (request: RawRequest) => ValidatedRequest;

export interface RequestValidatorOptions {
  /**
   * Remember the bodies that passed, by their exact bytes, so that a client repeating a request
   * skips decoding, parsing and the schema. Sound because the outcome is a function of the bytes
   * alone: the content type is checked before the lookup, parameters are validated on every
   * request, and the contract's validators neither coerce nor fill defaults. The same parsed
   * object is handed out again, frozen, so nothing can change it for the next request.
   */
  readonly reuseBodies: boolean;
}

/**
 * Bodies remembered per operation, and the largest remembered (larger ones are one-offs more often
 * than not). A body's key is its byte string: a TextDecoder call cost more than a whole
 * remembered body's lookup.
 */
const BODY_ENTRIES = 256;
export const REUSED_BODY_MAX_BYTES = BYTE_STRING_MAX_BYTES;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Compiles, once per operation, validators for its parameters and JSON body from the document.
 * No rule is written here: limits, enums and shapes all come from spec/openapi.yaml.
 */
export function compileRequestValidator(
  contract: Contract,
  operation: OperationInfo,
  options: RequestValidatorOptions = { reuseBodies: false },
): RequestValidator {
  const parameters = operation.parameters.map((param) => ({
    param,
    headerName: param.name.toLowerCase(),
    coerce: coercion(param.schema),
    validate: contract.validator(param.schemaPointer),
  }));
  const hasQuery = operation.parameters.some((param) => param.in === 'query');
  const jsonPointer = operation.requestBody?.content.get('application/json');
  const validateBody = jsonPointer ? contract.validator(jsonPointer) : undefined;
  const rules = jsonPointer ? titledRules(contract, jsonPointer) : [];
  const bodyRequired = operation.requestBody?.required === true;
  const validBodies = options.reuseBodies ? new LruCache<string, RememberedBody>(BODY_ENTRIES) : undefined;

  return (request) => {
    const query: Record<string, unknown> = {};
    const searchParams = hasQuery ? new URLSearchParams(request.queryString) : undefined;
    for (const { param, headerName, coerce, validate } of parameters) {
      const raw = rawParameter(param, headerName, request, searchParams);
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
    const raw = request.body;
    const key =
      validBodies && raw && raw.length > 0 && raw.length <= REUSED_BODY_MAX_BYTES ? toByteString(raw) : undefined;
    if (key !== undefined) {
      checkContentType(request);
      const known = validBodies?.get(key);
      if (known) return { query, body: known.body, bodyByteString: known.byteString };
    }
    const body = parseJsonBody(request, bodyRequired);
    if (body !== undefined && !validateBody(body)) {
      const problems = describeErrors('body', validateBody.errors ?? [], rules);
      throw new GatewayError(400, summarize(problems), { metadata: { errors: problems } });
    }
    // Only objects are kept: a body the schema allows to be a string or number is not worth it.
    if (key !== undefined && typeof body === 'object' && body !== null && validBodies) {
      const remembered = { byteString: key, body: deepFreeze(body) };
      validBodies.set(key, remembered);
      return { query, body: remembered.body, bodyByteString: key };
    }
    return { query, body };
  };
}

function rawParameter(
  param: ParameterInfo,
  headerName: string,
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
      const value = request.headers[headerName];
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

/** JSON, a `+json` type, or none given; anything else is a 400 naming it. */
function checkContentType(request: RawRequest): void {
  const header = request.headers['content-type'];
  if (header === undefined || header === 'application/json') return;
  const contentType = String(header).split(';')[0]?.trim().toLowerCase() ?? '';
  if (contentType !== '' && contentType !== 'application/json' && !contentType.endsWith('+json')) {
    throw new GatewayError(400, `Invalid request: Content-Type must be application/json, got ${contentType}`);
  }
}

function parseJsonBody(request: RawRequest, required: boolean): unknown {
  const raw = request.body;
  if (!raw || raw.length === 0) {
    if (required)
      throw new GatewayError(400, 'Invalid request: a JSON request body is required (Content-Type: application/json)');
    return undefined;
  }
  checkContentType(request);
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
