/**
 * The mock's public surface: what a user's own tests import. Anything not exported here is
 * internal and may change without notice.
 */
export { createMockServer } from './src/server';
export type { MockServer, MockServerInit } from './src/server';
export { startInProcessMock } from './src/start-in-process';
export type { RunningMock } from './src/start-in-process';
export { createFetchHandler } from './src/fetch/create-fetch-handler';
export type { MockFetchHandler } from './src/fetch/create-fetch-handler';
export { fetchAdapter } from './src/fetch/fetch-adapter';
export type { FetchHandler } from './src/fetch/fetch-adapter';
export { createMockCore } from './src/core/mock-core';
export type { MockCore, MockSetup } from './src/core/mock-core';
export type { MockOptions } from './src/options';
export type { Scenario, ScenarioMatch, ScenarioStep, ListedScenario } from './src/scenarios/scenario-types';
export type { ScenarioControls } from './src/scenarios/scenario-controls';
export type { JournalEntry, NetworkFailure, SentBody, StreamEnd } from './src/journal/request-journal';
export type { JournalReader } from './src/scenarios/scenario-controls';
export type { OperationId } from './src/pipeline/operation-types';
export type { ResponseViolation } from './src/pipeline/response-checker';
export { HANDLERS } from './src/handlers/registry';
export type { Handler, HandlerResult, JsonResult, RequestContext, StreamedResult } from './src/pipeline/context';
export type { EventStream } from './src/stream/paced-stream';
export { loadFixtures, parseFixtures } from './src/fixtures/load-fixtures';
export { withScripts } from './src/fixtures/load-scripts';
export { FixturesError } from './src/fixtures/fixtures-error';
export type { FixturesIssue } from './src/fixtures/fixtures-error';
export type { Fixtures } from './src/fixtures/fixture-types';
export { createRequestInspector } from './src/pipeline/inspect-request';
export { answerClientError } from './src/server-timeouts';
export type { InspectedRequest, RequestInspection, RequestInspector } from './src/pipeline/inspect-request';
export { loadContract } from '../kit/contract/contract';
export type { Contract } from '../kit/contract/contract';
export { recordedScript, recordingKey, mergeRecordings } from './src/replay/recorded-script';
export type { ExchangeToRecord } from './src/replay/recorded-script';
export type { FixtureRecordedEvent, FixtureRecording, FixtureScript } from './src/fixtures/fixture-types';
