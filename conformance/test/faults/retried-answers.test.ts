import { loadContract } from '../../../kit/contract/contract';
import { startInProcessMock } from '../../../mocks/index';
import type { RunningMock } from '../../../mocks/index';
import { startFaultProxy } from './fault-proxy';
import { runAgainst } from '../support/suite-harness';
import { isRecord } from '../../../kit/json/guards';

const contract = loadContract();
let mock: RunningMock;

beforeAll(async () => {
  mock = await startInProcessMock({ contract });
});
afterAll(async () => {
  await mock.close();
});

describe('a 429 the suite waits out and asks again', () => {
  it('is judged and counted among the statuses observed, and a well-formed one fails nothing', async () => {
    let limited = 0;
    const proxy = await startFaultProxy(mock.baseUrl, {
      answer(req) {
        // The scenario's request, not the preflight's (a refused key, or `[]` to be refused as invalid).
        const scenario = isRecord(req.body) && req.headers.authorization === 'Bearer sk-mock-user';
        if (req.method !== 'POST' || req.path !== '/responses' || !scenario || limited > 0) return undefined;
        limited++;
        return {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '0', 'x-ratelimit-remaining': '0' },
          body: { error: { code: 429, message: 'Rate limit exceeded' } },
        };
      },
    });
    try {
      const result = await runAgainst(contract, proxy.baseUrl, mock.baseUrl, { only: ['rules/createResponse/plain'] });
      expect(limited).toBe(1);
      expect(result.recorder.failures()).toEqual([]);
      expect([...(result.recorder.observedStatuses.get('createResponse') ?? [])].sort()).toEqual(['200', '429']);
      // The 429's own verdicts: its status documented, its envelope and headers valid.
      const verdicts = result.recorder.results.filter((r) => r.scenario === 'rules/createResponse/plain');
      const passes = verdicts.filter((r) => r.check === 'status-code-documented' && r.outcome === 'pass');
      expect(passes.length).toBeGreaterThanOrEqual(2);
      expect(verdicts.some((r) => r.check === 'response-headers-valid' && r.outcome === 'pass')).toBe(true);
    } finally {
      await proxy.close();
    }
  });
});
