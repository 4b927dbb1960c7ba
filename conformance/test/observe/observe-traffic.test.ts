import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadContract } from '../../../kit/contract/contract';
import { listOperations } from '../../../kit/contract/operations';
import { observeTraffic } from '../../observe/observe-traffic';
import type { Exchange } from '../../engine/types';

const contract = loadContract();
const getModel = listOperations(contract).find((op) => op.operationId === 'getModel');
if (!getModel) throw new Error('the spec has no getModel');

function exchange(body: unknown, status = 200): Exchange {
  const text = JSON.stringify(body);
  return {
    scenario: '#1 GET /model/openai/gpt-4o',
    operation: getModel as NonNullable<typeof getModel>,
    request: { method: 'GET', path: '/model/openai/gpt-4o', credential: 'apiKey' },
    url: 'https://gateway.example/api/v1/model/openai/gpt-4o',
    response: { status, headers: { 'content-type': 'application/json' }, text, json: body, durationMs: 3 },
  };
}

describe('observeTraffic', () => {
  it('runs the suite checks on an exchange it did not send and reports its failures with the key redacted', () => {
    const traffic = observeTraffic(contract, { baseUrl: 'https://gateway.example/api/v1', source: 'proxy' });
    const failures = traffic.check(exchange({ data: { id: 42 }, echoed: 'sk-secret-key' }), [], {
      apiKey: 'sk-secret-key',
    });
    expect(failures.map((f) => f.check)).toContain('response-schema-valid');
    expect(JSON.stringify(failures)).not.toContain('sk-secret-key');
    expect(failures[0]?.curl).toContain('Authorization: Bearer $API_KEY');
    expect(traffic.exchanges).toBe(1);
    expect(traffic.report()).toMatchObject({ passed: false, requests: 1, target: { source: 'proxy' }, seed: null });
  });

  it('writes reports that name the traffic as observed, with no seed to replay', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'observed-'));
    try {
      const traffic = observeTraffic(contract, { baseUrl: 'https://gateway.example/api/v1', source: 'proxy' });
      traffic.check(exchange({ data: { id: 42 } }), [], {});
      traffic.writeReports(dir);
      const html = readFileSync(path.join(dir, 'conformance.html'), 'utf8');
      expect(html).toContain('observed: sent by clients through the proxy');
      expect(html).not.toContain('--seed');
      expect(JSON.parse(readFileSync(path.join(dir, 'conformance.json'), 'utf8'))).toMatchObject({ seed: null });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('records an exchange for no operation as one failure of the check it is given', () => {
    const traffic = observeTraffic(contract, { baseUrl: 'https://gateway.example/api/v1', source: 'proxy' });
    const { scenario, request, url, response } = exchange({ error: { code: 404, message: 'no' } }, 404);
    const unrouted = { scenario, request, url, response };
    const failure = traffic.unrouted(
      unrouted,
      { name: 'request-valid', family: 'rules' },
      { message: 'no such path', expected: 'a path of the spec' },
    );
    expect(failure).toMatchObject({
      check: 'request-valid',
      operation: '-',
      rule: '#/paths',
      received: { status: 404 },
    });
    expect(traffic.failures()).toEqual([failure]);
    expect(traffic.report().scenarios).toEqual([
      expect.objectContaining({ id: '#1 GET /model/openai/gpt-4o', outcome: 'fail' }),
    ]);
  });
});
