import type { OperationInfo } from '../../../kit/contract/operations';
import { GatewayError } from '../exchange/gateway-error';

/** The status a Prefer example answers with: its `code=`, else the lowest documented 2xx (as Prism picks). */
export function exampleStatus(operation: OperationInfo, code: number | undefined): string {
  return code === undefined ? lowestSuccess(operation) : String(code);
}

/**
 * Without `code`, Prism answers from the lowest documented 2xx, so only its examples can be named;
 * an example of another status gets a hint to add that code.
 */
export function checkExample(operation: OperationInfo, code: number | undefined, example: string): void {
  const status = exampleStatus(operation, code);
  const names = examplesOf(operation, status);
  if (names.includes(example)) return;
  const elsewhere = [...operation.responses.keys()].find((other) => examplesOf(operation, other).includes(example));
  const hint = elsewhere
    ? `; it is an example of status ${elsewhere}: send Prefer: code=${elsewhere}, example=${example}`
    : '';
  throw new GatewayError(
    400,
    `Prefer: example=${example} is not an example of ${operation.operationId} ${status}; available: ${names.join(', ') || 'none'}${hint}`,
    { mockControl: true },
  );
}

function lowestSuccess(operation: OperationInfo): string {
  return [...operation.responses.keys()].filter((s) => /^2\d\d$/.test(s)).sort()[0] ?? '200';
}

function examplesOf(operation: OperationInfo, status: string): string[] {
  const response = operation.responses.get(status);
  return response ? [...new Set([...response.examples.values()].flatMap((named) => [...named.keys()]))] : [];
}
