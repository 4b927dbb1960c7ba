/**
 * The four operations sit at the contract's paths with the agreed operationIds, document exactly
 * the statuses the contract names (#/paths, bearerAuth, createResponse responses, each operation's responses), their security (bearerAuth), headers and examples.
 */
import { loadContract } from '../../contract/contract';
import { listOperations } from '../../contract/operations';
import type { OperationInfo } from '../../contract/operations';

const contract = loadContract();
const operations = listOperations(contract);

// [operationId, method, path, statuses]: createResponse responses, each operation's responses, plus 401 everywhere (bearerAuth) and 403 for the
// management-key operation (bearerAuth), and on every operation what the mock's HTTP layer answers
// before it knows the route: 400 for malformed HTTP, 408 for a request too slow to arrive.
const OPERATIONS: ReadonlyArray<readonly [string, string, string, readonly string[]]> = [
  [
    'createResponse',
    'POST',
    '/responses',
    ['200', '400', '401', '402', '403', '404', '408', '413', '422', '429', '500', '502', '503', '524', '529'],
  ],
  [
    'unassignGuardrailKeys',
    'POST',
    '/guardrails/{id}/assignments/keys/remove',
    ['200', '400', '401', '403', '404', '408', '500'],
  ],
  ['listEmbeddingsModels', 'GET', '/embeddings/models', ['200', '400', '401', '408', '500']],
  ['getModel', 'GET', '/model/{author}/{slug}', ['200', '400', '401', '404', '408', '500']],
];

function operation(operationId: string): OperationInfo {
  const found = operations.find((op) => op.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId}`);
  return found;
}

describe('operations', () => {
  it('has exactly the four operations of #/paths', () => {
    expect(operations.map((op) => op.operationId).sort()).toEqual(OPERATIONS.map(([id]) => id).sort());
  });

  it.each(OPERATIONS)('%s is %s %s and documents exactly its statuses', (operationId, method, path, statuses) => {
    const op = operation(operationId);
    expect([op.method, op.path]).toEqual([method, path]);
    expect([...op.responses.keys()].sort()).toEqual([...statuses].sort());
  });

  it.each(OPERATIONS)('%s gives every error status the error envelope', (operationId) => {
    for (const [status, response] of operation(operationId).responses) {
      if (status.startsWith('2')) continue;
      const schema = response.content.get('application/json');
      expect(schema).toBeDefined();
      const validate = contract.validator(String(schema));
      expect(validate({ error: { code: Number(status), message: 'm' } })).toBe(true);
      expect(validate({ message: 'no envelope' })).toBe(false);
    }
  });

  it.each(OPERATIONS)('%s has at least one named example for every status and media type', (operationId) => {
    for (const [status, response] of operation(operationId).responses) {
      for (const [mediaType, named] of response.examples) {
        expect([status, mediaType, named.size > 0]).toEqual([status, mediaType, true]);
      }
    }
  });

  it.each([
    ['createResponse', ['bearerAuth']],
    ['unassignGuardrailKeys', ['managementKey']],
    ['listEmbeddingsModels', ['bearerAuth']],
    ['getModel', ['bearerAuth']],
  ] as const)('%s is secured by %p (bearerAuth)', (operationId, schemes) => {
    expect(operation(operationId).securitySchemes).toEqual(schemes);
  });

  it('declares both security schemes as HTTP bearer, the management one saying a management key is required', () => {
    const schemes =
      contract.at<Record<string, { type: string; scheme: string; description: string }>>(
        '#/components/securitySchemes',
      );
    expect(schemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.managementKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.managementKey?.description).toMatch(/management key is required/i);
  });

  it('takes the metadata opt-in, its deprecated legacy name and x-session-id on POST /responses', () => {
    const headers = operation('createResponse').parameters.filter((p) => p.in === 'header');
    expect(headers.map((p) => [p.name, p.deprecated])).toEqual([
      ['X-Service-Metadata', false],
      ['X-Service-Experimental-Metadata', true],
      ['x-session-id', false],
    ]);
    for (const header of headers.slice(0, 2)) {
      expect(header.schema).toMatchObject({ enum: ['disabled', 'enabled'], default: 'disabled' });
    }
  });

  it('answers POST /responses 200 as JSON or as an event stream of ResponseStreamEvent', () => {
    const ok = operation('createResponse').responses.get('200');
    expect([...(ok?.content.keys() ?? [])].sort()).toEqual(['application/json', 'text/event-stream']);
    expect(contract.at(String(ok?.content.get('text/event-stream')))).toEqual({
      $ref: '#/components/schemas/ResponseStreamEvent',
    });
  });

  it.each([
    ['/paths/~1responses/post/responses/200', ['X-Generation-Id', 'Cache-Control', 'X-Accel-Buffering']],
    [
      '/components/responses/TooManyRequests',
      ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After'],
    ],
    ['/components/responses/ServiceUnavailable', ['Retry-After']],
  ] as const)('documents response headers of %s', (pointer, names) => {
    expect(Object.keys(contract.at<Record<string, unknown>>(`#${pointer}/headers`))).toEqual(names);
  });

  it('has no default responses, so an undocumented status is never "documented"', () => {
    for (const op of operations) expect(op.responses.has('default')).toBe(false);
  });
});
