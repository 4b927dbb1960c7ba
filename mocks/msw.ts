/**
 * `model-gateway-mock/msw`: the mock as Mock Service Worker (msw) request handlers, for tests
 * that mock the network in-process (Vitest or Jest with jsdom, Storybook, a page's service
 * worker) instead of talking to a server. msw 2 or 3 is the user's own (a peer dependency).
 * Imports nothing of Node: a bundler takes it into a page as is (docs/browser-tests.md). The
 * one-call setup for a test file is `model-gateway-mock/msw/node` (setupMockGateway).
 */
export { createHandlers } from './src/runtimes/msw/create-handlers';
export type { MockHandlers, MockHandlersInit } from './src/runtimes/msw/create-handlers';
export type { FetchHandler } from './src/runtimes/fetch/fetch-adapter';
export { PREFER_NEEDS_NODE } from './src/core/stages/prefer/prefer-unavailable';
export type { JournalEntry, NetworkFailure, SentBody } from './src/core/journal/request-journal';
export type { ListedScenario, Scenario, ScenarioMatch, ScenarioStep } from './src/core/scenarios/scenario-types';
export type { ScenarioControls, JournalReader } from './src/core/scenarios/scenario-controls';
export type { OperationId } from './src/core/operation-types';
export type { PaceName } from './src/exchange/stream/pacing';
export type { O200kRanksModule } from './src/runtimes/browser/browser-setup';
