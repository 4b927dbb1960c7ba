/**
 * `model-gateway-mock/msw/node`: the msw handlers with msw's own server, set up for a test file
 * in one call (Jest or Vitest), as `msw/node` is msw's entry for Node. The handlers alone, for
 * pages and service workers, are `model-gateway-mock/msw`.
 */
export { setupMockGateway } from './src/runtimes/msw/setup-mock-gateway';
export type { MockGateway, MockGatewayInit, TestHooks } from './src/runtimes/msw/setup-mock-gateway';
export type { MockHandlers, MockHandlersInit } from './src/runtimes/msw/create-handlers';
export type { JournalEntry, NetworkFailure, SentBody } from './src/core/journal/request-journal';
export type { ListedScenario, Scenario, ScenarioMatch, ScenarioStep } from './src/core/scenarios/scenario-types';
export type { OperationId } from './src/core/operation-types';
export type { PaceName } from './src/exchange/stream/pacing';
