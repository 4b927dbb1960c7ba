import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadContract } from '../../../kit/contract/contract';
import { listOperations } from '../../../kit/contract/operations';
import { observeTraffic } from '../../observe/observe-traffic';
import type { Exchange } from '../../engine/types';
import { createFetchHandler } from '../../../mocks/index';

const contract = loadContract();
const getModel = listOperations(contract).find((op) => op.operationId === 'getModel');
if (!getModel) throw new Error('the spec has no getModel');

const GOOD = { id: 'openai/gpt-4o', name: 'GPT-4o', created: 1, description: 'x', context_length: 1, architecture: {} };

function exchange(n: number, body: unknown): Exchange {
  const text = JSON.stringify(body);
  return {
    scenario: `#${n} GET /model/openai/gpt-4o`,
    operation: getModel as NonNullable<typeof getModel>,
    request: { method: 'GET', path: '/model/openai/gpt-4o', credential: 'apiKey' },
    url: 'https://gateway.example/api/v1/model/openai/gpt-4o',
    response: { status: 200, headers: { 'content-type': 'application/json' }, text, json: body, durationMs: 3 },
  };
}

describe('observeTraffic with bounds', () => {
  const bounds = { exchanges: 3, examplesPerCause: 2 };

  it('keeps the first exchanges and a few examples per cause, and counts every exchange in the totals', () => {
    const traffic = observeTraffic(contract, { baseUrl: 'https://gateway.example/api/v1', source: 'proxy', bounds });
    const unbounded = observeTraffic(contract, {
      baseUrl: 'https://gateway.example/api/v1',
      source: 'proxy',
      bounds: { exchanges: 1_000, examplesPerCause: 1_000 },
    });
    let found = 0;
    for (let n = 1; n <= 40; n++) {
      const body = n % 4 === 0 ? { data: { id: 42 } } : GOOD;
      found += traffic.check(exchange(n, body)).length;
      unbounded.check(exchange(n, body));
    }
    const report = traffic.report();
    const full = unbounded.report();
    expect(found).toBe(full.failures.length);
    expect(traffic.failureCount).toBe(found);
    expect(report.totals).toEqual(full.totals);
    expect(report.operations).toEqual(full.operations);
    expect(
      report.rootCauses.map(({ cause, failures, knockOn, scenarioCount }) => ({
        cause,
        failures,
        knockOn,
        scenarioCount,
      })),
    ).toEqual(
      full.rootCauses.map(({ cause, failures, knockOn, scenarioCount }) => ({
        cause,
        failures,
        knockOn,
        scenarioCount,
      })),
    );
    // The first 3 exchanges, then the first 2 failing ones (#4 and #8) as the examples of their cause.
    expect(report.scenarios.map((s) => s.id)).toEqual([
      '#1 GET /model/openai/gpt-4o',
      '#2 GET /model/openai/gpt-4o',
      '#3 GET /model/openai/gpt-4o',
      '#4 GET /model/openai/gpt-4o',
      '#8 GET /model/openai/gpt-4o',
    ]);
    expect(report.failures.length).toBeLessThan(full.failures.length);
    expect(report.kept).toMatchObject({
      limits: { exchanges: 3, examplesPerCause: 2 },
      exchangesListed: 5,
      exchangesCounted: 35,
      failuresListed: report.failures.length,
      failuresCounted: full.failures.length - report.failures.length,
    });
  });

  it('holds the same number of results however long the run', () => {
    const traffic = observeTraffic(contract, { baseUrl: 'https://gateway.example/api/v1', source: 'proxy', bounds });
    const kept = (): number => traffic.report().scenarios.length + traffic.failures().length;
    for (let n = 1; n <= 50; n++) traffic.check(exchange(n, n % 2 === 0 ? { data: { id: 42 } } : GOOD));
    const after50 = kept();
    for (let n = 51; n <= 500; n++) traffic.check(exchange(n, n % 2 === 0 ? { data: { id: 42 } } : GOOD));
    expect(kept()).toBe(after50);
    expect(traffic.exchanges).toBe(500);
  });

  it('says in the page what it listed and what it only counted', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bounded-'));
    try {
      const traffic = observeTraffic(contract, { baseUrl: 'https://gateway.example/api/v1', source: 'proxy', bounds });
      for (let n = 1; n <= 10; n++) traffic.check(exchange(n, GOOD));
      traffic.writeReports(dir);
      const html = readFileSync(path.join(dir, 'conformance.html'), 'utf8');
      expect(html).toContain('3 exchanges listed (the first 3, then up to 2 per root cause), 7 only counted');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the feature matrix of bounded traffic', () => {
  const createResponse = listOperations(contract).find((op) => op.operationId === 'createResponse');
  if (!createResponse) throw new Error('the spec has no createResponse');

  /** POST /responses with `body`, answered by the mock; `broken` answers drop the output. */
  async function responseExchange(n: number, body: Record<string, unknown>, broken: boolean): Promise<Exchange> {
    const mock = createFetchHandler();
    const answer = await mock(
      new Request('http://mock.test/api/v1/responses', {
        method: 'POST',
        headers: { authorization: 'Bearer sk-mock-user', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    const json = (await answer.json()) as Record<string, unknown>;
    const sent = broken ? { ...json, output: 'none' } : json;
    return {
      scenario: `#${n} POST /responses`,
      operation: createResponse as NonNullable<typeof createResponse>,
      request: { method: 'POST', path: '/responses', body, credential: 'apiKey' },
      url: 'https://gateway.example/api/v1/responses',
      response: {
        status: 200,
        headers: { 'content-type': 'application/json' },
        text: JSON.stringify(sent),
        json: sent,
        durationMs: 3,
      },
    };
  }

  it('counts the exchanges past the bound: a feature first used there is judged, and judged alike', async () => {
    const observe = (bounds: { exchanges: number; examplesPerCause: number }) =>
      observeTraffic(contract, { baseUrl: 'https://gateway.example/api/v1', source: 'proxy', bounds });
    const bounded = observe({ exchanges: 2, examplesPerCause: 1 });
    const unbounded = observe({ exchanges: 1_000, examplesPerCause: 1_000 });
    const plain = { model: 'openai/gpt-4o', input: 'Hello' };
    const withPlugins = { ...plain, plugins: [{ id: 'web' }] };
    const withDebug = { ...plain, debug: { echo_upstream_body: true } };
    const traffic = [
      await responseExchange(1, plain, false),
      await responseExchange(2, plain, false),
      // Past the bound: plugins only ever pass; answers to debug requests break the schema twice, a
      // fault the debug member does not explain (the core's), while debug itself is judged by their passes.
      ...(await Promise.all([3, 4, 5].map((n) => responseExchange(n, withPlugins, false)))),
      await responseExchange(6, withDebug, true),
      await responseExchange(7, withDebug, true),
    ];
    for (const seen of traffic) {
      bounded.check(seen);
      unbounded.check(seen);
    }
    const rows = (report: ReturnType<typeof bounded.report>) =>
      Object.fromEntries(
        report.features
          .filter((f) => ['core', 'plugins', 'debug'].includes(f.id))
          .map((f) => [f.id, { status: f.status, scenarios: f.scenarios, failures: f.failures }]),
      );
    const full = rows(unbounded.report());
    expect(full.plugins).toEqual({ status: 'supported', scenarios: 3, failures: 0 });
    expect(full.debug).toEqual({ status: 'supported', scenarios: 2, failures: 0 });
    expect(full.core?.status).toBe('broken');
    expect(rows(bounded.report())).toEqual(full);
    expect(bounded.report().kept?.exchangesCounted).toBeGreaterThan(0);
  });
});
