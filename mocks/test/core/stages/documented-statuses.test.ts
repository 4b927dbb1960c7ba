/**
 * Every status the mock can send an operation is one the operation documents (#/paths, each
 * operation's responses): those its stages throw for any request (a table, checked against the
 * spec), and those its HTTP layer answers before any route is known (malformed HTTP, a request
 * too slow to arrive), sent here to every operation's path and compared with what it lists.
 */
import net from 'node:net';
import { loadContract } from '../../../../kit/contract/contract';
import { listOperations } from '../../../../kit/contract/operations';
import type { OperationInfo } from '../../../../kit/contract/operations';
import { managementOnlyOperations } from '../../../../kit/contract/key-schemes';
import type { MockServer } from '../../../src/runtimes/node/server';
import { createMockServer } from '../../../src/runtimes/node/server';
import { DEFAULT_TIMEOUTS } from '../../../src/core/timeouts';

const contract = loadContract();
const operations = listOperations(contract);
const managementOnly = managementOnlyOperations(contract, operations);

/**
 * What each operation's handler throws beyond the shared stages (mocks/src/handlers/): getModel an
 * unknown model (404), unassignGuardrailKeys an unknown guardrail (404), createResponse a guardrail
 * block (403), no endpoint left by the provider preferences (404) and an upstream failure (502).
 */
const HANDLER_STATUSES: Readonly<Record<string, readonly number[]>> = {
  createResponse: [403, 404, 502],
  unassignGuardrailKeys: [404],
  listEmbeddingsModels: [],
  getModel: [404],
};

/** The shared stages: what every request may get, whatever its operation. */
function stageStatuses(op: OperationInfo): number[] {
  return [
    400, // the HTTP parser (malformed HTTP) and the request validator (parameters, body)
    401, // authenticate: no key, or one the mock does not know
    ...(managementOnly.has(op.operationId) ? [403] : []), // authenticate: not a management key
    408, // the server's head and request timeouts
    ...(op.requestBody ? [op.responses.has('413') ? 413 : 400] : []), // read-body: over the size limit
    500, // an unexpected error in the mock
  ];
}

const HEAD = (op: OperationInfo, extra: string): string => {
  const path = op.path.replace(/\{[^}]+\}/g, 'x');
  return `${op.method} /api/v1${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer sk-mock-user\r\n${extra}`;
};

/** Writes `raw` and resolves with the status line's code of what comes back before the close. */
function rawStatus(port: number, raw: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(raw, 'latin1'));
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(Number(text.slice(9, 12))));
  });
}

describe('statuses the mock sends each operation', () => {
  let mock: MockServer;
  let port = 0;

  beforeAll(async () => {
    mock = createMockServer({ options: { timeouts: { ...DEFAULT_TIMEOUTS, headersMs: 300, requestMs: 600 } } });
    port = Number(new URL(await mock.listen()).port);
  });
  afterAll(async () => {
    await mock.close();
  });

  it('has a handler table entry for every operation of the spec', () => {
    expect(Object.keys(HANDLER_STATUSES).sort()).toEqual(operations.map((op) => op.operationId).sort());
  });

  it.each(operations.map((op) => [op.operationId, op] as const))(
    '%s documents every status its stages and handler can throw',
    (operationId, op) => {
      const thrown = [...stageStatuses(op), ...(HANDLER_STATUSES[operationId] ?? [])];
      const undocumented = thrown.filter((status) => !op.responses.has(String(status)));
      expect(undocumented).toEqual([]);
    },
  );

  it.each(operations.map((op) => [op.operationId, op] as const))(
    '%s documents the 400 sent for a control character in a header value',
    async (_operationId, op) => {
      const status = await rawStatus(port, HEAD(op, 'X-Title: conformance\x01value\r\nConnection: close\r\n\r\n'));
      expect(status).toBe(400);
      expect(op.responses.has(String(status))).toBe(true);
    },
  );

  it.each(operations.map((op) => [op.operationId, op] as const))(
    '%s documents the 408 sent for a request head that never ends',
    async (_operationId, op) => {
      const status = await rawStatus(port, HEAD(op, 'X-Slow: 1\r\n'));
      expect(status).toBe(408);
      expect(op.responses.has(String(status))).toBe(true);
    },
  );
});
