import { loadContract } from '../../../kit/contract/contract';
import { startInProcessMock } from '../../../mocks/index';
import type { RunningMock } from '../../../mocks/index';
import { CATALOG_FAULTS } from './catalog-faults';
import type { FaultCase } from './fault-case';
import { startFaultProxy } from './fault-proxy';
import { RESPONSE_FAULTS } from './response-faults';
import { RULE_FAULTS } from './rule-faults';
import { STREAM_FAULTS } from './stream-faults';
import { TIME_FAULTS } from './time-faults';
import { RETRY_FAULTS } from './retry-faults';
import { PREFLIGHT_FAULTS } from './preflight-faults';
import { TERMINAL_FAULTS } from './terminal-faults';
import { failingChecks, mockTargetConfig, runAgainst } from '../support/suite-harness';

const contract = loadContract();
let mock: RunningMock;

beforeAll(async () => {
  mock = await startInProcessMock({ contract });
});
afterAll(async () => {
  await mock.close();
});

const FAMILIES: ReadonlyArray<[string, readonly FaultCase[]]> = [
  ['responses, errors and auth', RESPONSE_FAULTS],
  ['streams', STREAM_FAULTS],
  ['limits, rules and the property phase', RULE_FAULTS],
  ['catalog and guardrails', CATALOG_FAULTS],
  ['times', TIME_FAULTS],
  ['answers retried past', RETRY_FAULTS],
  ['answers the preflight must not take for a bad setting', PREFLIGHT_FAULTS],
  ['terminal snapshots', TERMINAL_FAULTS],
];

describe('the suite against the mock behind a pass-through proxy', () => {
  it('passes every scenario the broken variants use, so a failure below is the fault', async () => {
    const proxy = await startFaultProxy(mock.baseUrl, {});
    try {
      const only = [...new Set(FAMILIES.flatMap(([, faults]) => faults.flatMap((f) => f.only)))];
      const result = await runAgainst(contract, proxy.baseUrl, mock.baseUrl, { only });
      expect(result.recorder.failures()).toEqual([]);
      expect(result.recorder.results.length).toBeGreaterThan(100);
    } finally {
      await proxy.close();
    }
  });
});

describe("the preflight's guardrail", () => {
  it('still calls a guardrail the target does not have a bad setting (exit 2), naming guardrail.id', async () => {
    const config = mockTargetConfig();
    const guardrail = { ...config.guardrail, id: '11111111-2222-4333-8444-555555555555' };
    await expect(
      runAgainst(contract, mock.baseUrl, mock.baseUrl, { only: ['guardrail/unassignGuardrailKeys/'], guardrail }),
    ).rejects.toThrow(/the target has no guardrail 11111111-2222-4333-8444-555555555555 .* set "guardrail.id"/);
  });
});

describe.each(FAMILIES)('broken gateways: %s', (_family, faults) => {
  it.each(faults.map((f) => [f.name, f] as const))('catches a gateway that %s', async (_name, fault) => {
    const proxy = await startFaultProxy(mock.baseUrl, fault.fault);
    try {
      const result = await runAgainst(contract, proxy.baseUrl, mock.baseUrl, { only: fault.only });
      expect(failingChecks(result)).toContain(fault.caughtBy);
      if (fault.said) {
        const own = result.recorder.failures().filter((f) => f.check === fault.caughtBy);
        expect(own.map((f) => `${f.message} | ${f.cause ?? ''}`)).toContainEqual(expect.stringMatching(fault.said));
      }
      const said = result.recorder.failures().flatMap((f) => [f.message, f.expected, f.cause ?? '']);
      expect(said.filter((text) => /\bundefined\b/.test(text))).toEqual([]);
    } finally {
      await proxy.close();
    }
  });
});
