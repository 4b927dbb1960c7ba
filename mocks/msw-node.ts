/**
 * `model-gateway-mock/msw/node`: the msw handlers with msw's own server, set up for a test file
 * in one call (Jest or Vitest), as `msw/node` is msw's entry for Node. The handlers alone, for
 * pages and service workers, are `model-gateway-mock/msw`.
 */
export { setupMockGateway } from './src/msw/setup-mock-gateway';
export type { MockGateway, MockGatewayInit, TestHooks } from './src/msw/setup-mock-gateway';
export type { MockHandlers, MockHandlersInit } from './src/msw/create-handlers';
export type { JournalEntry, NetworkFailure, SentBody } from './src/journal/request-journal';
export type { ListedScenario, Scenario, ScenarioMatch, ScenarioStep } from './src/scenarios/scenario-types';
export type { OperationId } from './src/pipeline/operation-types';
