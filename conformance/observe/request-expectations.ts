import type { Contract } from '../../kit/contract/contract';
import { semanticRules } from '../../kit/contract/semantic-rules';
import { expectSeenInvalidRequestRejected } from '../checks/invalid-request-rejected';
import { expectSemanticRuleRejected } from '../checks/semantic-rule-rejected';
import { expectServiceMetadata } from '../checks/service-metadata-present';
import type { Exchange, Expectation } from '../engine/types';

/**
 * What the suite concludes from a request and its answer together, for traffic it did not send:
 * the expectations its scenarios attach to such a request, applied when the request asked for
 * them. A request that opted into routing metadata (a header parameter whose enum has `enabled`,
 * X-Service-Metadata on createResponse) and was answered 200 must carry `service_metadata`; any
 * other status is the generic checks' to judge, since a client's request may well be invalid.
 */
export function requestExpectations(
  contract: Contract,
  exchange: Exchange,
  verdict: RequestVerdict = {},
): Expectation[] {
  return [...verdictExpectations(contract, verdict), ...metadataExpectations(contract, exchange)];
}

/** What the observer found wrong with a request (the mock's request stages, createRequestInspector). */
export interface RequestVerdict {
  /** The first way the parameters or the body break the spec. */
  readonly invalid?: string;
  /** The id of a semantic rule the (schema-valid) request breaks. */
  readonly brokenRule?: string;
}

/** The suite's own expectations of an invalid request: 400, for the schema and for each semantic rule. */
function verdictExpectations(contract: Contract, verdict: RequestVerdict): Expectation[] {
  if (verdict.invalid !== undefined) return [expectSeenInvalidRequestRejected(verdict.invalid)];
  if (verdict.brokenRule === undefined) return [];
  const rule = semanticRules(contract).find((r) => r.id === verdict.brokenRule);
  return rule === undefined ? [] : [expectSemanticRuleRejected(rule)];
}

function metadataExpectations(contract: Contract, exchange: Exchange): Expectation[] {
  const { schema, optIns } = optInsOf(contract, exchange);
  if (schema === undefined || optIns.length === 0) return [];
  const sent = exchange.request.headers ?? {};
  return optIns
    .filter((p) => Object.entries(sent).some(([name, value]) => sameName(name, p.name) && value === 'enabled'))
    .map((p) => {
      const expectation = expectServiceMetadata(p.name, schema);
      return {
        ...expectation,
        applies: (ex, ctx) => ex.response?.status === 200 && (expectation.applies?.(ex, ctx) ?? true),
      };
    });
}

type OptIns = { schema: string | undefined; optIns: Exchange['operation']['parameters'] };

/** By contract and operation: what depends on the operation alone is worked out once, not per exchange. */
const OPT_INS = new WeakMap<Contract, Map<string, OptIns>>();

function optInsOf(contract: Contract, exchange: Exchange): OptIns {
  const byOperation = OPT_INS.get(contract) ?? new Map<string, OptIns>();
  OPT_INS.set(contract, byOperation);
  const outside = 'outside' in exchange.operation;
  const known = outside ? undefined : byOperation.get(exchange.operation.operationId);
  if (known) return known;
  const schema = resultMember(contract, exchange, 'service_metadata');
  const optIns = exchange.operation.parameters.filter(
    (p) => p.in === 'header' && Array.isArray(p.schema.enum) && p.schema.enum.includes('enabled'),
  );
  const found = { schema, optIns };
  // An operation made up for traffic outside the spec is new each time: it is not remembered.
  if (!outside) byOperation.set(exchange.operation.operationId, found);
  return found;
}

/** The pointer of a member of the operation's 200 JSON body schema, its $ref followed; undefined when none. */
function resultMember(contract: Contract, exchange: Exchange, member: string): string | undefined {
  const pointer = exchange.operation.responses.get('200')?.content.get('application/json');
  if (pointer === undefined) return undefined;
  const node = contract.at<{ $ref?: unknown; properties?: Record<string, unknown> }>(pointer);
  const schema = typeof node.$ref === 'string' ? node.$ref : pointer;
  const resolved = contract.resolve<{ properties?: Record<string, unknown> }>(node);
  return resolved.properties?.[member] === undefined ? undefined : `${schema}/properties/${member}`;
}

function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
