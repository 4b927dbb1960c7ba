import type { RequestHeaders } from '../exchange/mock-request';
import type { Contract } from '../../../kit/contract/contract-types';
import { listOperations } from '../../../kit/contract/operations';
import type { OperationInfo } from '../../../kit/contract/operations';
import { bearerToken } from '../core/stages/authenticate';
import { GatewayError } from '../exchange/gateway-error';
import { compileRequestValidator } from '../core/stages/request-validator';
import type { RequestValidator } from '../core/stages/request-validator';
import { createRouter } from '../core/stages/route-table';
import { brokenRequestRule } from './request-rules';
import type { BrokenRule } from './request-rules';

/** A request as it went by: nothing is answered, only looked at. */
export interface InspectedRequest {
  readonly method: string;
  /** The path relative to the API's base path (`/model/openai/gpt-4o`), still percent-encoded. */
  readonly path: string;
  /** The query string without `?` ('' when there is none). */
  readonly queryString: string;
  readonly headers: RequestHeaders;
  readonly body: Uint8Array | undefined;
}

export interface RequestInspection {
  /** The operation the request is for; undefined when no operation of the spec matches it. */
  readonly operation?: OperationInfo;
  /** What breaks the spec, one message per problem, worded as the mock's 400/404/405 would; [] when none. */
  readonly problems: readonly string[];
  /** The operation needs a key and the request has no bearer key: the first thing a gateway answers (401). */
  readonly missingKey?: boolean;
  /** The parameters or the body break the spec: the mock answers 400. */
  readonly invalid?: boolean;
  /** A semantic rule a schema-valid request breaks (of those the request alone decides): the mock answers 400. */
  readonly brokenRule?: BrokenRule;
  /** The JSON body as the validator parsed it, when the request has one its schema allows (read only: it may be shared). */
  readonly body?: unknown;
}

export type RequestInspector = (request: InspectedRequest) => RequestInspection;

/**
 * The mock's request stages (route, credentials present, parameters and JSON body validated
 * against the spec) as a verdict instead of an answer: for tools that watch traffic a real
 * gateway answers, such as the contract-validating proxy. The rules are the mock's own, read from
 * the spec by the same router and validators, so a request the mock would refuse is reported.
 */
export function createRequestInspector(contract: Contract): RequestInspector {
  const router = createRouter(listOperations(contract));
  const validators = new Map<string, RequestValidator>();
  const validatorOf = (operation: OperationInfo): RequestValidator => {
    let validate = validators.get(operation.operationId);
    if (!validate) {
      // The mock's own memo of valid bodies: a test run sends the same body again and again.
      validate = compileRequestValidator(contract, operation, { reuseBodies: true });
      validators.set(operation.operationId, validate);
    }
    return validate;
  };
  return (request) => {
    let operation: OperationInfo;
    let pathParams: Record<string, string>;
    try {
      ({ operation, pathParams } = router.match(request.method, request.path));
    } catch (err) {
      if (err instanceof GatewayError) return { problems: [err.message] };
      throw err;
    }
    const problems: string[] = [];
    const authorization = request.headers.authorization;
    const missingKey =
      operation.securitySchemes.length > 0 &&
      (typeof authorization !== 'string' || bearerToken(authorization) === undefined);
    if (missingKey)
      problems.push(
        `${operation.operationId} needs a key (${operation.securitySchemes.join(' or ')}): no "Authorization: Bearer <key>" header`,
      );
    let body: unknown;
    try {
      ({ body } = validatorOf(operation)({
        pathParams,
        queryString: request.queryString,
        headers: request.headers,
        body: request.body,
      }));
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
      const fields = (err.options.metadata as { errors?: Array<{ field: string; message: string }> } | undefined)
        ?.errors;
      if (fields && fields.length > 0) problems.push(...fields.map((f) => `${f.field} ${f.message}`));
      else problems.push(err.message);
      return { operation, problems, ...keyOf(missingKey), invalid: true };
    }
    const parsed = body === undefined ? {} : { body };
    const brokenRule = body === undefined ? undefined : brokenRequestRule(operation.operationId, body);
    if (brokenRule === undefined) return { operation, problems, ...keyOf(missingKey), ...parsed };
    const broken = `${brokenRule.message} (${brokenRule.rule})`;
    return { operation, problems: [...problems, broken], ...keyOf(missingKey), brokenRule, ...parsed };
  };
}

function keyOf(missingKey: boolean): { missingKey?: true } {
  return missingKey ? { missingKey } : {};
}
