import { createTokenCounter } from '../../src/operations/create-response/tokens/count-tokens';
import { packageO200kRanks } from '../../src/runtimes/node/o200k-ranks';

/** Token counts as a node mock makes them (the package's ranks), for tests that call the mock's parts directly. */
export const EXACT_TOKENS = createTokenCounter(packageO200kRanks);

/** Token counts as a mock without ranks makes them (the browser build, until `tokenRanks` loads): estimates. */
export const ESTIMATED_TOKENS = createTokenCounter();
