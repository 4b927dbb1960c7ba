/**
 * The mock's public surface: what a user's own tests import. Anything not exported here is
 * internal and may change without notice.
 */
export { createMockServer } from './src/runtimes/node/server';
export type { MockServer, MockServerInit } from './src/runtimes/node/server';
export { startInProcessMock } from './src/runtimes/node/start-in-process';
export type { RunningMock } from './src/runtimes/node/start-in-process';
export { createFetchHandler } from './src/runtimes/node/create-fetch-handler';
export type { MockFetchHandler } from './src/runtimes/node/create-fetch-handler';
export { fetchAdapter } from './src/runtimes/fetch/fetch-adapter';
export type { FetchHandler } from './src/runtimes/fetch/fetch-adapter';
export { createMockCore } from './src/runtimes/build-mock';
export type { MockCore, MockSetup } from './src/core/mock-core';
export type { MockOptions } from './src/core/options';
export type { PaceName } from './src/exchange/stream/pacing';
export { isPaceName, PACE_NAMES, PACES } from './src/exchange/stream/pacing';
export type { Scenario, ScenarioMatch, ScenarioStep, ListedScenario } from './src/core/scenarios/scenario-types';
export type { ScenarioControls } from './src/core/scenarios/scenario-controls';
export type { JournalEntry, NetworkFailure, SentBody, StreamEnd } from './src/core/journal/request-journal';
export type { JournalReader } from './src/core/scenarios/scenario-controls';
export type { OperationId } from './src/core/operation-types';
export type { ResponseViolation } from './src/core/stages/response-checker';
export { HANDLERS } from './src/operations/registry';
export type { Handler, HandlerResult, JsonResult, RequestContext, StreamedResult } from './src/core/handler-types';
export type { EventStream } from './src/exchange/stream/paced-stream';
export { GatewayError, errorEnvelopeJson } from './src/exchange/gateway-error';
export { loadFixtures, parseFixtures } from './src/fixture-loading/load-fixtures';
export { withScripts } from './src/fixture-loading/load-scripts';
export { FixturesError } from './src/fixture-loading/fixtures-error';
export type { FixturesIssue } from './src/fixture-loading/fixtures-error';
// What `model-gateway mock` (cli/) is built from, for a command of one's own: the mock from the
// command's settings, reloaded on a change of its files (--watch), and the limits and headers its
// options document.
export { loadMockFromFiles } from './src/watch/load-mock-from-files';
export type { MockFilesInit } from './src/watch/load-mock-from-files';
export { ReloadableMock } from './src/watch/reloadable-mock';
export type { ReloadOutcome } from './src/watch/reloadable-mock';
export { describeWatchEvent, startWatching } from './src/watch/start-watching';
export type { WatchEvent, WatchInit } from './src/watch/start-watching';
export type { FileWatcher } from './src/watch/watch-files';
export { isLoopbackHost } from './src/runtimes/node/loopback-host';
export { builtinFixturesPath } from './src/fixture-loading/fixtures-paths';
export { hashKey } from './src/core/fixture-model/hash-key';
export { DEFAULT_BODY_LIMIT_BYTES } from './src/core/options';
export { DEFAULT_JOURNAL_LIMIT } from './src/core/journal/request-journal';
export { FIRST_TOKEN_DELAY_HEADER, TOKENS_PER_SECOND_HEADER } from './src/exchange/stream/pacing';
export { FAIL_AFTER_TOKENS_HEADER } from './src/exchange/stream/stream-failures';
export type { Fixtures } from './src/core/fixture-model/fixture-types';
export { createRequestInspector } from './src/operations/inspect-request';
export { answerClientError } from './src/runtimes/node/server-timeouts';
export type { InspectedRequest, RequestInspection, RequestInspector } from './src/operations/inspect-request';
export { loadContract } from '../kit/contract/contract';
export type { Contract } from '../kit/contract/contract';
export { recordedScript, recordingKey, mergeRecordings } from './src/operations/create-response/replay/recorded-script';
export type { ExchangeToRecord } from './src/operations/create-response/replay/recorded-script';
export type { FixtureRecordedEvent, FixtureRecording, FixtureScript } from './src/core/fixture-model/fixture-types';
