import type { OperationInfo, ResponseInfo } from '../../kit/contract/operations';

/**
 * The error envelope's schema as the operation documents it: the JSON schema of its first 4xx
 * answer (ErrorEnvelope in this document); undefined when it documents no 4xx body.
 */
export function errorEnvelopeOf(op: OperationInfo): string | undefined {
  for (const [status, response] of op.responses) {
    const pointer = response.content.get('application/json');
    if (/^4/.test(status) && pointer !== undefined) return pointer;
  }
  return undefined;
}

/**
 * What the generic checks judge a request against when no operation documents it: `op`'s path
 * and id (so reports place it), the method sent, and as its responses the ones given, each with
 * the operation's error envelope as its JSON body. `keep: true` keeps the operation's own
 * responses too, the given ones filling the gaps (a `4XX` beside a documented 404).
 */
export function outsideOperation(
  op: OperationInfo,
  method: string,
  statuses: readonly string[],
  keep = false,
): OperationInfo {
  const envelope = errorEnvelopeOf(op);
  const responses = new Map<string, ResponseInfo>(keep ? op.responses : []);
  for (const status of statuses) {
    if (responses.has(status)) continue;
    responses.set(status, {
      status,
      content: new Map(envelope === undefined ? [] : [['application/json', envelope]]),
      examples: new Map(),
      headers: new Map(),
    });
  }
  return { ...op, method, responses };
}
