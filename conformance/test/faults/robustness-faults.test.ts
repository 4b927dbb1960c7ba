import { loadContract } from '../../../kit/contract/contract';
import { startInProcessMock } from '../../../mocks/index';
import type { RunningMock } from '../../../mocks/index';
import { startFaultProxy } from './fault-proxy';
import { ROBUSTNESS_FAULTS } from './robustness-faults';
import { failingChecks, runAgainst } from '../support/suite-harness';

const contract = loadContract();
let mock: RunningMock;

beforeAll(async () => {
  mock = await startInProcessMock({ contract });
});
afterAll(async () => {
  await mock.close();
});

describe('robustness checks against broken gateways', () => {
  it('passes every scenario the broken variants use behind a pass-through proxy', async () => {
    const proxy = await startFaultProxy(mock.baseUrl, {});
    try {
      const only = [...new Set(ROBUSTNESS_FAULTS.flatMap((f) => f.only))];
      const result = await runAgainst(contract, proxy.baseUrl, mock.baseUrl, { only });
      expect(result.recorder.failures()).toEqual([]);
      expect(result.recorder.results.length).toBeGreaterThan(20);
    } finally {
      await proxy.close();
    }
  });

  it.each(ROBUSTNESS_FAULTS.map((f) => [f.name, f] as const))(
    'catches a gateway that %s with that check alone',
    async (_name, fault) => {
      const proxy = await startFaultProxy(mock.baseUrl, fault.fault);
      try {
        const result = await runAgainst(contract, proxy.baseUrl, mock.baseUrl, { only: fault.only });
        expect(failingChecks(result)).toEqual([fault.caughtBy]);
        const said = result.recorder.failures().flatMap((f) => [f.message, f.expected, f.cause ?? '']);
        expect(said.filter((text) => /\bundefined\b/.test(text))).toEqual([]);
      } finally {
        await proxy.close();
      }
    },
  );
});
