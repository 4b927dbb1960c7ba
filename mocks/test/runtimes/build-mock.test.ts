/**
 * Each mock counts tokens with the ranks its own setup gave (MockSetup.tokenRanks): a node mock
 * exactly, from the package's data file; a mock made without ranks, or with a browser build's
 * `tokenRanks` still loading, by estimate. Mocks in one process never change each other's counts,
 * whichever is made or asked first.
 */
import { loadContract } from '../../../kit/contract/contract';
import type { RankedToken } from '../../src/core/token-counter';
import type { FetchHandler } from '../../src/runtimes/fetch/fetch-adapter';
import { fetchAdapter } from '../../src/runtimes/fetch/fetch-adapter';
import { createMockCore } from '../../src/runtimes/build-mock';
import type { O200kRanksModule } from '../../src/runtimes/browser/browser-setup';
import { browserSetup } from '../../src/runtimes/browser/browser-setup';
import { createFetchHandler } from '../../src/runtimes/node/create-fetch-handler';
import { loadFixtures } from '../../src/fixture-loading/load-fixtures';
import { packageO200kRanks } from '../../src/runtimes/node/o200k-ranks';
import { USER_KEY } from '../helpers/sample-requests';
import { ESTIMATED_TOKENS, EXACT_TOKENS } from '../helpers/token-counters';

/** One word the estimate and o200k_base count differently. */
const WORD = 'antidisestablishmentarianism';
const ESTIMATE = ESTIMATED_TOKENS.countTokens(WORD);
const EXACT = EXACT_TOKENS.countTokens(WORD);

const contract = loadContract();

/** The input tokens a mock counts for WORD (POST /responses, its usage). */
async function inputTokens(mock: FetchHandler): Promise<number> {
  const res = await mock(
    new Request('http://mock.test/api/v1/responses', {
      method: 'POST',
      headers: { authorization: `Bearer ${USER_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'openai/gpt-4o', input: WORD }),
    }),
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { usage: { input_tokens: number } }).usage.input_tokens;
}

/** A mock made from an already-loaded setup with no ranks, as a worker build mounts the core. */
function withoutRanks(): FetchHandler {
  return fetchAdapter(createMockCore({ contract, fixtures: loadFixtures(undefined, contract) }));
}

/** A load of the ranks the test resolves when it wants (a bundler's chunk arriving). */
function pendingRanks(): { load: () => Promise<O200kRanksModule>; arrive: () => Promise<void> } {
  let resolve: (ranks: { default: RankedToken[] }) => void = () => undefined;
  const loaded = new Promise<{ default: RankedToken[] }>((done) => (resolve = done));
  return {
    load: () => loaded,
    arrive: async () => {
      resolve({ default: [...(packageO200kRanks() ?? [])] });
      await loaded;
    },
  };
}

describe('token counts per mock', () => {
  it('differ for the word the tests send, so each count below tells the two apart', () => {
    expect(EXACT).not.toBe(ESTIMATE);
  });

  it('stay estimates in a mock without ranks, before and after a node mock counts exactly', async () => {
    const bare = withoutRanks();
    expect(await inputTokens(bare)).toBe(ESTIMATE);
    const node = createFetchHandler({ contract });
    expect(await inputTokens(node)).toBe(EXACT);
    expect(await inputTokens(bare)).toBe(ESTIMATE);
    expect(await inputTokens(withoutRanks())).toBe(ESTIMATE);
  });

  it("are a browser mock's estimates while its tokenRanks load, exact after, and no other mock's", async () => {
    const ranks = pendingRanks();
    const loading = fetchAdapter(createMockCore(browserSetup({ tokenRanks: ranks.load })));
    const none = fetchAdapter(createMockCore(browserSetup()));
    const node = createFetchHandler({ contract });
    expect(await inputTokens(loading)).toBe(ESTIMATE);
    expect(await inputTokens(node)).toBe(EXACT);
    expect(await inputTokens(loading)).toBe(ESTIMATE);
    await ranks.arrive();
    expect(await inputTokens(loading)).toBe(EXACT);
    expect(await inputTokens(none)).toBe(ESTIMATE);
    expect(await inputTokens(fetchAdapter(createMockCore(browserSetup({ tokenRanks: pendingRanks().load }))))).toBe(
      ESTIMATE,
    );
  });
});
