import type { ValidateFunction } from 'ajv';
import type { Contract } from '../../../../kit/contract/contract-types';
import { isRecord } from '../../../../kit/json/guards';
import { schemaProblems } from '../../../../kit/schema/schema-problems';
import { readSse } from '../../../../kit/sse/read-sse';
import { streamProblems } from '../../../../kit/stream/stream-oracle';
import { streamSpec } from '../../../../kit/stream/stream-spec';
import type { StreamSpec } from '../../../../kit/stream/stream-spec';
import type { OperationInfo } from '../../../../kit/contract/operations';

export interface ResponseViolation {
  readonly operationId: string;
  readonly status: number;
  readonly problem: string;
}

/**
 * Test mode: checks what the mock sends against the document — the status is documented for
 * the operation, the content type is, the body matches its schema, and a stream keeps every rule
 * of the kit's stream oracle (kit/stream), the same rules the conformance suite checks.
 */
export class ResponseChecker {
  readonly violations: ResponseViolation[] = [];
  private readonly validators = new Map<string, ValidateFunction>();
  private spec: StreamSpec | undefined;

  constructor(private readonly contract: Contract) {}

  checkJson(operation: OperationInfo, status: number, payload: string): void {
    const schema = this.schemaFor(operation, status, 'application/json');
    if (!schema) return;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      this.report(operation, status, 'body is not JSON');
      return;
    }
    this.validate(operation, status, schema, body, 'body');
  }

  checkStream(operation: OperationInfo, status: number, text: string): void {
    const schema = this.schemaFor(operation, status, 'text/event-stream');
    if (!schema) return;
    const stream = readSse(text);
    // The checker sees the answer, not the request: a stream that opens with the debug chunk
    // (ResponseDebugEvent) was asked for one.
    const first = stream.events[0]?.json;
    const debug = isRecord(first) && first.type === 'response.debug';
    this.spec ??= streamSpec(this.contract);
    for (const problem of streamProblems(stream, this.spec, { eventSchema: schema, debug })) {
      this.report(operation, status, `${problem.check}: ${problem.message}`);
    }
  }

  private schemaFor(operation: OperationInfo, status: number, mediaType: string): string | undefined {
    const response = operation.responses.get(String(status));
    if (!response) {
      this.report(operation, status, `status ${status} is not documented for ${operation.operationId}`);
      return undefined;
    }
    const pointer = response.content.get(mediaType);
    if (!pointer) this.report(operation, status, `content type ${mediaType} is not documented for status ${status}`);
    return pointer;
  }

  private validate(operation: OperationInfo, status: number, pointer: string, body: unknown, what: string): void {
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.contract.validator(pointer);
      this.validators.set(pointer, validate);
    }
    if (validate(body)) return;
    const details = schemaProblems(validate.errors)
      .slice(0, 5)
      .map((p) => `${p.pointer || '/'} ${p.message}`)
      .join('; ');
    this.report(operation, status, `${what} does not match ${pointer}: ${details}`);
  }

  private report(operation: OperationInfo, status: number, problem: string): void {
    this.violations.push({ operationId: operation.operationId, status, problem });
  }
}
