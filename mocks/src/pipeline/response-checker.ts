import type { ValidateFunction } from 'ajv';
import type { Contract } from '../../../kit/contract/contract';
import type { OperationInfo } from '../../../kit/contract/operations';

export interface ResponseViolation {
  readonly operationId: string;
  readonly status: number;
  readonly problem: string;
}

/**
 * Test mode: checks what the mock sends against the document — the status is documented for
 * the operation, the content type is, and the body (or each stream event) matches its schema.
 */
export class ResponseChecker {
  readonly violations: ResponseViolation[] = [];
  private readonly validators = new Map<string, ValidateFunction>();

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
    const data = text
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trim());
    if (data[data.length - 1] !== '[DONE]') this.report(operation, status, 'stream does not end with data: [DONE]');
    data.slice(0, -1).forEach((event, index) => {
      try {
        this.validate(operation, status, schema, JSON.parse(event), `event ${index}`);
      } catch {
        this.report(operation, status, `event ${index} is not JSON: ${event.slice(0, 80)}`);
      }
    });
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
    const details = (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`)
      .join('; ');
    this.report(operation, status, `${what} does not match ${pointer}: ${details}`);
  }

  private report(operation: OperationInfo, status: number, problem: string): void {
    this.violations.push({ operationId: operation.operationId, status, problem });
  }
}
