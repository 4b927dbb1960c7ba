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
