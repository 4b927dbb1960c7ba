import type { JournalEntry } from '../journal/request-journal';
import type { OperationId } from '../operation-types';
import type { MockStore } from '../state/store';
import type { ListedScenario, Scenario } from './scenario-types';

/** `mock.requests`: the journal, newest first; `{ operation }` keeps one operation's requests and types their bodies. */
export type JournalReader = <Op extends OperationId = OperationId>(filter?: {
  readonly operation?: Op;
}) => JournalEntry<Op>[];

/** `mock.scenarios`: queue, list and clear scenarios from code. */
export interface ScenarioControls {
  /**
   * Checks and queues a scenario (see mocks/scenarios/scenario.schema.json); throws a 400
   * GatewayError naming a bad field (the check runs on what arrives, whatever its static type).
   */
  add(scenario: Scenario): ListedScenario;
  /** Every scenario added since the last clear or reset, with its use counts. */
  list(): ListedScenario[];
  clear(): void;
}

/**
 * What tests steer and read, in one place for every surface: the admin endpoints
 * (/__mock/scenarios, /__mock/requests) and the mock object in code call these and nothing else.
 */
export function scenarioControls(store: MockStore): ScenarioControls & { requests: JournalReader } {
  return {
    add: (scenario) => store.scenarios.add(scenario),
    list: () => store.scenarios.list(),
    clear: () => store.scenarios.clear(),
    requests: (filter) => store.requests.list(filter),
  };
}
