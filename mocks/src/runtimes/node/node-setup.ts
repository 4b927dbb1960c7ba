import type { Contract } from '../../../../kit/contract/contract-types';
import { loadContract } from '../../../../kit/contract/contract';
import type { Fixtures } from '../../core/fixture-model/fixture-types';
import { loadFixtures } from '../../fixture-loading/load-fixtures';
import type { MockOptions } from '../../core/options';
import { apiBasePath } from '../../core/spec-facts/api-paths';
import type { HandlerOverrides } from '../../core/handler-types';
import type { AdminEndpoint } from '../../core/stages/admin';
import type { MockSetup } from '../../core/mock-core';
import { createPreferHandler } from '../../prefer-examples/prefer-handler';
import { packageO200kRanks } from './o200k-ranks';
import { nodeSha256 } from './node-sha256';

/** What a mock is made from on node: anything not given is read from the package's files. */
export interface MockServerInit {
  readonly fixtures?: Fixtures;
  readonly fixturesPath?: string;
  readonly contract?: Contract;
  readonly options?: Partial<MockOptions>;
  /** Replace handlers (tests and deliberately broken variants use this). */
  readonly handlers?: HandlerOverrides;
  /** Extra `/__mock/*` endpoints (the docs pages of `--watch`). */
  readonly adminEndpoints?: readonly AdminEndpoint[];
  /** @deprecated Use `adminEndpoints` (the same endpoints; "route" names only an operation's method and path). */
  readonly adminRoutes?: readonly AdminEndpoint[];
}

/**
 * Loads on node what the core takes already loaded: the spec and the fixtures from their files
 * (unless given), the tokenizer's ranks from the package's data file (read on the first exact
 * count), `Prefer` examples from Prism, and node:crypto's SHA-256. Used by both node entries:
 * the server and `createFetchHandler`.
 */
export function nodeSetup(init: MockServerInit): MockSetup {
  const contract = init.contract ?? loadContract();
  const basePath = init.options?.basePath ?? apiBasePath(contract);
  return {
    contract,
    fixtures: init.fixtures ?? loadFixtures(init.fixturesPath, contract),
    options: init.options,
    handlers: init.handlers,
    adminEndpoints: init.adminEndpoints ?? init.adminRoutes,
    prefer: createPreferHandler(contract, basePath),
    sha256: nodeSha256,
    tokenRanks: packageO200kRanks,
  };
}
