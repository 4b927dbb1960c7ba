import type { JournalEntry } from '../journal/request-journal';
import type { MockStore } from '../state/store';
import type { ListedScenario } from './scenario-types';

/** `mock.scenarios`: queue, list and clear scenarios from code. */
export interface ScenarioControls {
  /** Checks and queues a scenario (see mocks/scenarios/scenario.schema.json); throws a 400 GatewayError naming a bad field. */
  add(scenario: unknown): ListedScenario;
  /** Every scenario added since the last clear or reset, with its use counts. */
  list(): ListedScenario[];
  clear(): void;
}

/**
 * What tests steer and read, in one place for every surface: the admin endpoints
 * (/__mock/scenarios, /__mock/requests) and the mock object in code call these and nothing else.
 */
export function scenarioControls(
  store: MockStore,
): ScenarioControls & { requests(filter?: { readonly operation?: string }): JournalEntry[] } {
  return {
    add: (scenario) => store.scenarios.add(scenario),
    list: () => store.scenarios.list(),
    clear: () => store.scenarios.clear(),
    requests: (filter) => store.requests.list(filter),
  };
}
