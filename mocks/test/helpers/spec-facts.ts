import { loadContract } from '../../../kit/contract/contract';
import { listOperations } from '../../../kit/contract/operations';
import { readSpecFacts } from '../../src/core/spec-facts/spec-facts';

const contract = loadContract();

/** What the mock reads from spec/openapi.yaml at start-up, for tests that call its parts directly. */
export const SPEC_FACTS = readSpecFacts(contract, listOperations(contract));
