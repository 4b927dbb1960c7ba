import { loadContract } from '../../../kit/contract/contract';
import { startInProcessMock } from '../../../mocks/index';
import type { RunningMock } from '../../../mocks/index';
import { startFaultProxy } from './fault-proxy';
import type { Fault } from './fault-proxy';
import { INCOMPLETE_ONLY, failing, terminal } from './terminal-faults';
import { failingChecks, runAgainst } from '../support/suite-harness';
import { without } from './fault-case';

const contract = loadContract();
let mock: RunningMock;

beforeAll(async () => {
  mock = await startInProcessMock({ contract });
});
afterAll(async () => {
  await mock.close();
});

async function failingWith(fault: Fault): Promise<string[]> {
  const proxy = await startFaultProxy(mock.baseUrl, fault);
  try {
    return failingChecks(await runAgainst(contract, proxy.baseUrl, mock.baseUrl, { only: INCOMPLETE_ONLY }));
  } finally {
    await proxy.close();
  }
}

describe('the response a stream ends with when it does not complete', () => {
  it('passes a stream cut at max_output_tokens that ends with the whole result (response.incomplete)', async () => {
    expect(await failingWith({})).toEqual([]);
  });

  it('judges a failed stream by its failure alone when its response leaves out what a result carries', async () => {
    // ResponseFailedSnapshot: output, usage, completed_at, metadata and service_metadata may be absent.
    const bare = terminal('response.failed', (r) =>
      ['output', 'usage', 'completed_at', 'metadata', 'service_metadata'].reduce(without, r),
    );
    expect(await failingWith(failing(bare))).toEqual(['stream-answer-completes']);
  });
});
