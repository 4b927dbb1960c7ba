import { createContract } from '../../../../kit/contract/create-contract';
import type { Contract } from '../../../../kit/contract/contract-types';
import type { MockSetup } from '../../core/mock-core';
import type { Fixtures } from '../../core/fixture-model/fixture-types';
import type { HandlerOverrides } from '../../core/handler-types';
import type { MockOptions } from '../../core/options';
import type { PaceName } from '../../exchange/stream/pacing';
import type { RankedToken, TokenRanks } from '../../core/token-counter';
import { shippedSetup } from './shipped-setup';

/** A module of the ranks as `import('gpt-tokenizer/bpeRanks/o200k_base')` gives it, or the table itself. */
export type O200kRanksModule = { readonly default: RankedToken[] } | RankedToken[];

/** What a mock made without a file system takes: createMockServer's options, less the file paths. */
export interface BrowserMockInit {
  /**
   * Fixtures already checked, as `parseFixtures` or `loadFixtures` (Node) give them; the built-in
   * ones by default. They are taken as given: the fixtures schema's validator is not shipped.
   */
  readonly fixtures?: Fixtures;
  readonly options?: Partial<MockOptions>;
  /**
   * A named pace for streams: `'human'` sends the first token after 400 ms, then 15 tokens a
   * second, so a page shows an answer arriving (the default sends it as fast as it is read).
   * The same as `options.pace`; `options.pacing` and the `x-mock-*` headers override its parts.
   */
  readonly pace?: PaceName;
  /** Replace handlers, as with createMockServer. */
  readonly handlers?: HandlerOverrides;
  /**
   * Where the tokenizer's ranks come from, for exact token counts (usage, `max_output_tokens`,
   * stream deltas): `() => import('gpt-tokenizer/bpeRanks/o200k_base')`, which a bundler splits
   * into a chunk of its own, or a fetch of the same table. Counts are a close estimate until they
   * load, and without them: the ranks are 2.7 MB, most of the build. Each mock loads its own
   * (a bundler's chunk is fetched once whoever asks).
   */
  readonly tokenRanks?: () => Promise<O200kRanksModule>;
}

/** How messages name the spec the build shipped (there is no file to point at). */
export const SHIPPED_SPEC = 'model-gateway-mock/openapi.yaml (as built)';

let contract: Contract | undefined;

/**
 * The core's setup from the shipped modules (shipped-setup.ts): the contract from the parsed
 * document and the validators compiled ahead (immutable, so made once and shared), the built-in
 * fixtures unless others are given, the tokenizer's ranks from `tokenRanks`, loaded for this mock
 * (ranksLoadedLater). No `Prefer` handler: Prism runs in Node only, and the core
 * answers such a request with one line saying so.
 */
export function browserSetup(init: BrowserMockInit = {}): MockSetup {
  const shipped = shippedSetup();
  contract ??= createContract(shipped.document, SHIPPED_SPEC, { validators: shipped.validators });
  return {
    contract,
    fixtures: init.fixtures ?? shipped.builtinFixtures(),
    options: init.pace === undefined ? init.options : { ...init.options, pace: init.pace },
    handlers: init.handlers,
    tokenRanks: init.tokenRanks && ranksLoadedLater(init.tokenRanks),
  };
}

/**
 * Starts loading the ranks from `load` (a bundler's dynamic import, a fetch of a URL): the mock's
 * counts are estimates until it resolves, exact after. The browser build takes no ranks of its
 * own: they are 2.7 MB of a 3.5 MB bundle, so a page or a test pays for them only when it asks.
 */
function ranksLoadedLater(load: () => Promise<O200kRanksModule>): TokenRanks {
  let ranks: readonly RankedToken[] | undefined;
  load().then(
    (loaded) => {
      ranks = Array.isArray(loaded) ? loaded : loaded.default;
    },
    (error: unknown) =>
      console.warn(`model-gateway-mock: the token ranks did not load, token counts stay estimates (${String(error)})`),
  );
  return () => ranks;
}
