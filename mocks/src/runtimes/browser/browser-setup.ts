import { createContract } from '../../../../kit/contract/create-contract';
import type { Contract } from '../../../../kit/contract/contract-types';
import type { MockSetup } from '../../core/mock-core';
import type { Fixtures } from '../../core/fixture-model/fixture-types';
import type { HandlerOverrides } from '../../core/handler-types';
import type { MockOptions } from '../../core/options';
import type { O200kRanksModule } from '../../operations/create-response/tokens/ranks-source';
import { provideO200kRanksLater } from '../../operations/create-response/tokens/ranks-source';
import { shippedSetup } from './shipped-setup';

/** What a mock made without a file system takes: createMockServer's options, less the file paths. */
export interface BrowserMockInit {
  /**
   * Fixtures already checked, as `parseFixtures` or `loadFixtures` (Node) give them; the built-in
   * ones by default. They are taken as given: the fixtures schema's validator is not shipped.
   */
  readonly fixtures?: Fixtures;
  readonly options?: Partial<MockOptions>;
  /** Replace handlers, as with createMockServer. */
  readonly handlers?: HandlerOverrides;
  /**
   * Where the tokenizer's ranks come from, for exact token counts (usage, `max_output_tokens`,
   * stream deltas): `() => import('gpt-tokenizer/bpeRanks/o200k_base')`, which a bundler splits
   * into a chunk of its own, or a fetch of the same table. Counts are a close estimate until they
   * load, and without them: the ranks are 2.7 MB, most of the build.
   */
  readonly tokenRanks?: () => Promise<O200kRanksModule>;
}

/** How messages name the spec the build shipped (there is no file to point at). */
export const SHIPPED_SPEC = 'model-gateway-mock/openapi.yaml (as built)';

let contract: Contract | undefined;

/**
 * The core's setup from the shipped modules (shipped-setup.ts): the contract from the parsed
 * document and the validators compiled ahead (immutable, so made once and shared), the built-in
 * fixtures unless others are given. No `Prefer` handler: Prism runs in Node only, and the core
 * answers such a request with one line saying so.
 */
export function browserSetup(init: BrowserMockInit = {}): MockSetup {
  const shipped = shippedSetup();
  if (init.tokenRanks)
    provideO200kRanksLater(init.tokenRanks).catch((error: unknown) =>
      console.warn(`model-gateway-mock: the token ranks did not load, token counts stay estimates (${String(error)})`),
    );
  contract ??= createContract(shipped.document, SHIPPED_SPEC, { validators: shipped.validators });
  return {
    contract,
    fixtures: init.fixtures ?? shipped.builtinFixtures(),
    options: init.options,
    handlers: init.handlers,
  };
}
