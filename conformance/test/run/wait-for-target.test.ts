import { loadContract } from '../../../kit/contract/contract';
import type { OperationInfo } from '../../../kit/contract/operations';
import type { GatewayClient } from '../../http/gateway-client';
import { planContext } from '../../run/run-suite';
import type { Exchange, RequestSpec } from '../../engine/types';
import { waitForTarget } from '../../run/wait-for-target';
import { mockTargetConfig } from '../support/suite-harness';

const plan = planContext(loadContract(), mockTargetConfig());
const BASE = 'http://127.0.0.1:9/api/v1';

type Answer = number | 'refused';

/** A client that answers the given statuses in turn (the last one for ever), recording what it was asked. */
function scriptedClient(answers: readonly Answer[]): GatewayClient & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    send(scenario: string, operation: OperationInfo, request: RequestSpec): Promise<Exchange> {
      asked.push(`${scenario} ${operation.method} ${request.path}`);
      const answer = answers[Math.min(asked.length - 1, answers.length - 1)];
      const exchange = {
        scenario,
        operation,
        request,
        url: `${BASE}${request.path}`,
        ...(answer === 'refused'
          ? { transportError: 'connect ECONNREFUSED 127.0.0.1:9' }
          : { response: { status: answer, headers: {}, text: '', json: undefined, durationMs: 1 } }),
      };
      return Promise.resolve(exchange as Exchange);
    },
  };
}

/** Waits for `client` up to `seconds`; resolves to the lines it logged. */
async function waitLines(
  client: GatewayClient,
  seconds: number,
  signal = new AbortController().signal,
): Promise<string[]> {
  const lines: string[] = [];
  await waitForTarget({
    plan,
    scope: new Set(plan.checks.operations.keys()),
    baseUrl: BASE,
    client,
    seconds,
    log: (line) => lines.push(line),
    signal,
  });
  return lines;
}

describe('waitForTarget (--wait SECONDS)', () => {
  it('asks again while the target refuses connections or answers 502/503/504, and stops at its first other answer', async () => {
    const client = scriptedClient(['refused', 503, 502, 504, 404]);
    const lines = await waitLines(client, 30);
    expect(client.asked).toHaveLength(5);
    expect(client.asked[0]).toMatch(/^wait GET \//);
    expect(lines[0]).toMatch(/^waiting for target .* \(connect ECONNREFUSED .*\); 30 s left$/);
    expect(lines.at(-1)).toMatch(/^target .* is up after \d+\.\d s$/);
  });

  it('gives up when the time is up and says it will check the target as it is', async () => {
    const client = scriptedClient([503]);
    const lines = await waitLines(client, 1);
    expect(client.asked.length).toBeGreaterThanOrEqual(2);
    expect(lines.at(-1)).toBe(`target ${BASE} is still not ready after 1 s (it answers 503): checking it as it is`);
  });

  it('asks once and says nothing when the target is up at once, and not at all with 0 seconds', async () => {
    const up = scriptedClient([200]);
    expect([await waitLines(up, 5), up.asked.length]).toEqual([[], 1]);
    const off = scriptedClient([503]);
    expect(await waitLines(off, 0)).toEqual([]);
    expect(off.asked).toHaveLength(0);
  });

  it('stops waiting when the run is interrupted', async () => {
    const client = scriptedClient([503]);
    const controller = new AbortController();
    const waiting = waitLines(client, 3_600, controller.signal);
    controller.abort();
    expect((await waiting).join('\n')).not.toMatch(/still not ready/);
    expect(client.asked.length).toBeLessThanOrEqual(2);
  });
});
