import type { Contract } from '../../../../kit/contract/contract-types';
import type { JsonObject } from '../../../../kit/json/guards';
import { ContractError } from '../../../../kit/contract/contract-error';
import { isRecord } from '../../../../kit/json/guards';
import type { OperationInfo } from '../../../../kit/contract/operations';
import { EVENT_STREAM } from '../../../../kit/stream/stream-spec';

const PARAMETERS = '#/components/parameters';

/** Header names the mock reads or writes, as spec/openapi.yaml spells them. */
export interface HeaderNames {
  /** XSessionId: the header form of `session_id`. Lower-cased, as node gives request headers. */
  readonly sessionId: string;
  /** XServiceMetadata, then its legacy name XServiceExperimentalMetadata. Lower-cased. */
  readonly serviceMetadata: readonly [string, string];
  /** The response header components/headers/XGenerationId is sent as (createResponse's 200). */
  readonly generationId: string;
  /** Every response header some response of the spec documents, in document order. */
  readonly documentedResponseHeaders: readonly string[];
  /** Every header parameter some operation of the spec takes, in document order. */
  readonly headerParameters: readonly string[];
  /** The headers the spec's security schemes carry credentials in (`Authorization` for http bearer). */
  readonly credentialHeaders: readonly string[];
  /**
   * What every event stream carries besides its content type: the response headers marked
   * `x-sent-with: text/event-stream` (EventStreamCacheControl, XAccelBuffering), each with its
   * first example as the value.
   */
  readonly eventStream: Readonly<Record<string, string>>;
}

export function readHeaderNames(contract: Contract, operations: readonly OperationInfo[]): HeaderNames {
  const parameterName = (component: string): string => {
    const name = contract.at<unknown>(`${PARAMETERS}/${component}/name`);
    if (typeof name !== 'string')
      throw new ContractError('the parameter has no name', contract.specPath, {
        pointer: `${PARAMETERS}/${component}`,
      });
    return name.toLowerCase();
  };
  const responseHeaders = documentedResponseHeaders(contract);
  const generationId = responseHeaders.find(([, ref]) => ref === '#/components/headers/XGenerationId')?.[0];
  if (generationId === undefined) {
    throw new ContractError('no response of the spec sends this header', contract.specPath, {
      pointer: '#/components/headers/XGenerationId',
    });
  }
  return {
    sessionId: parameterName('XSessionId'),
    serviceMetadata: [parameterName('XServiceMetadata'), parameterName('XServiceExperimentalMetadata')],
    generationId,
    documentedResponseHeaders: [...new Set(responseHeaders.map(([name]) => name))],
    headerParameters: [
      ...new Set(operations.flatMap((op) => op.parameters.filter((p) => p.in === 'header').map((p) => p.name))),
    ],
    credentialHeaders: credentialHeaders(contract),
    eventStream: eventStreamHeaders(contract),
  };
}

/** [name, value] of each documented response header marked `x-sent-with: text/event-stream`. */
function eventStreamHeaders(contract: Contract): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [name, ref] of documentedResponseHeaders(contract)) {
    if (ref === '') continue;
    const header = contract.at<JsonObject>(ref);
    if (header['x-sent-with'] !== EVENT_STREAM) continue;
    const example = isRecord(header.examples) ? Object.values(header.examples)[0] : undefined;
    const value = isRecord(example) ? example.value : undefined;
    if (typeof value !== 'string')
      throw new ContractError(
        'a header sent with every event stream needs a string example: its value',
        contract.specPath,
        {
          pointer: ref,
        },
      );
    found[name] = value;
  }
  return found;
}

/** `type: http` schemes send `Authorization` (RFC 9110); `type: apiKey` ones in a header name theirs. */
function credentialHeaders(contract: Contract): string[] {
  const schemes = Object.values(contract.at<JsonObject>('#/components/securitySchemes'));
  const names = schemes.flatMap((raw) => {
    const scheme = contract.resolve<JsonObject>(raw);
    if (scheme.type === 'http') return ['Authorization'];
    return scheme.type === 'apiKey' && scheme.in === 'header' && typeof scheme.name === 'string' ? [scheme.name] : [];
  });
  return [...new Set(names)];
}

/** [name, `$ref` or ''] of every header of every response of every operation, in document order. */
function documentedResponseHeaders(contract: Contract): Array<readonly [string, string]> {
  const found: Array<readonly [string, string]> = [];
  const responses = Object.values(contract.at<JsonObject>('#/paths')).flatMap((item) =>
    Object.values(contract.resolve<JsonObject>(item)).flatMap((operation) =>
      isRecord(operation) && isRecord(operation.responses) ? Object.values(operation.responses) : [],
    ),
  );
  for (const response of responses) {
    const headers = contract.resolve<JsonObject>(response).headers;
    if (!isRecord(headers)) continue;
    for (const [name, header] of Object.entries(headers)) {
      found.push([name, isRecord(header) && typeof header.$ref === 'string' ? header.$ref : '']);
    }
  }
  return found;
}
