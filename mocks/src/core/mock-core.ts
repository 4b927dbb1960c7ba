import type { Contract } from '../../../kit/contract/contract-types';
import { ContractError } from '../../../kit/contract/contract-error';
import { encodeSegment } from '../../../kit/json/json-pointer';
import { listOperations } from '../../../kit/contract/operations';
import type { Fixtures } from './fixture-model/fixture-types';
import type { MockOptions } from './options';
import { mockOptions } from './options';
import { MockStore } from './state/store';
import type { HandlerOverrides, HandlerTable } from './handler-types';
import { createRouter } from './stages/route-table';
import { compileRequestValidator } from './stages/request-validator';
import type { RequestValidator } from './stages/request-validator';
import type * as ResponseCheckerModule from './stages/response-checker';
import type { ResponseViolation } from './stages/response-checker';
import { AdmittedUrls } from './stages/admitted-urls';
import { RunningStreams } from '../exchange/running-streams';
import type { AdminEndpoint } from './stages/admin';
import { corsHeaders } from './stages/cors';
import { readSpecFacts } from './spec-facts/spec-facts';
import type { PreferHandler } from './stages/prefer/prefer-unavailable';
import { preferUnavailable } from './stages/prefer/prefer-unavailable';
import type { MockRequest } from '../exchange/mock-request';
import type { ReplySink } from '../exchange/reply-sink';
import { createPipeline } from './serve';
import type { Sha256 } from '../exchange/util/sha256';
import { scenarioOperations } from './scenarios/validate-scenario';
import type { JournalReader, ScenarioControls } from './scenarios/scenario-controls';
import { scenarioControls } from './scenarios/scenario-controls';
import type { InputTextReader } from './scenarios/match-scenario';
import type { TokenCounter, TokenRanks } from './token-counter';

/**
 * What a mock is made of, already loaded: no file is read from here on. The node side loads the
 * spec and the fixtures from files (createMockServer); a browser build hands over precompiled ones.
 */
export interface MockSetup {
  readonly contract: Contract;
  readonly fixtures: Fixtures;
  readonly options?: Partial<MockOptions>;
  /** Replace handlers (tests and deliberately broken variants use this). */
  readonly handlers?: HandlerOverrides;
  /** Extra `/__mock/*` endpoints (the node server's docs pages). */
  readonly adminEndpoints?: readonly AdminEndpoint[];
  /** @deprecated Use `adminEndpoints` (the same endpoints; "route" names only an operation's method and path). */
  readonly adminRoutes?: readonly AdminEndpoint[];
  /** `Prefer` examples; without one they answer a one-line error saying where they run. */
  readonly prefer?: PreferHandler | undefined;
  /** A faster synchronous SHA-256 than the portable one, where the runtime has it (node:crypto). */
  readonly sha256?: Sha256 | undefined;
  /**
   * The tokenizer's ranks, for exact token counts (the node side: the package's data file; the
   * browser build: its `tokenRanks` option, once loaded); without them counts are estimates.
   */
  readonly tokenRanks?: TokenRanks | undefined;
}

/**
 * What every surface of a mock gives a test (createMockServer, createFetchHandler, msw's
 * createHandlers): the core's own, handed on as they are.
 */
export interface MockControls {
  readonly contract: Contract;
  readonly store: MockStore;
  readonly options: MockOptions;
  /** Test mode only (`validateResponses`): answers the spec does not allow. */
  readonly responseViolations: readonly ResponseViolation[];
  /** Scenarios queued on this mock, as POST/GET/DELETE /__mock/scenarios: `mock.scenarios.add({ match, respond })`. */
  readonly scenarios: ScenarioControls;
  /** The request journal, newest first, as GET /__mock/requests: `mock.requests({ operation: 'createResponse' })`. */
  readonly requests: JournalReader;
  /** Puts the state back as the fixtures left it, clearing the scenarios and the journal (as `POST /__mock/reset` does). */
  reset(): void;
  /** Ends the running streams now, each with a failure its client can read and `[DONE]` (as a shutdown does). */
  endStreams(): void;
}

/** The controls of `core`, for a surface to hand on (it keeps the pipeline and the streams to itself). */
export function controlsOf(core: MockCore): MockControls {
  const { contract, store, options, responseViolations, scenarios, requests, reset, endStreams } = core;
  return { contract, store, options, responseViolations, scenarios, requests, reset, endStreams };
}

/**
 * What the core itself takes: the setup with the complete handler table, one per operation of
 * the spec, and the token counter made from its ranks. The core knows handlers and the counter
 * only by their type; the operations hand theirs in (runtimes/build-mock.ts), as an app hands its
 * routes to a router.
 */
export interface CoreSetup extends Omit<MockSetup, 'handlers' | 'tokenRanks'> {
  readonly handlers: HandlerTable;
  /** The mock's token counts, handed to every handler (`RequestContext.tokens`). */
  readonly tokens: TokenCounter;
  /** How a scenario's `match.input` reads a request's instructions and messages. */
  readonly inputText?: InputTextReader;
}

/** One mock: its state and the pipeline every adapter calls. */
export interface MockCore extends MockControls {
  /** The running streams, which a shutdown ends (`streams.endAll()`). */
  readonly streams: RunningStreams;
  /** Answers one request: CORS → admin → route → authenticate → body → scenarios → Prefer → validate → handler. */
  serve(request: MockRequest, reply: ReplySink): void;
}

/** Builds one independent mock from an already-loaded setup: its own store, validators and streams. */
export function createCore(setup: CoreSetup): MockCore {
  const { contract } = setup;
  const operations = listOperations(contract);
  const facts = readSpecFacts(contract, operations);
  const options = mockOptions(facts.apiBasePath, setup.options);
  const store = new MockStore(setup.fixtures, facts.apiBasePath, setup.sha256, {
    operations: scenarioOperations(operations),
    journalLimit: options.journalLimit,
    inputText: setup.inputText,
  });
  const { add, list, clear, requests } = scenarioControls(store);
  const { handlers } = setup;
  const validators = new Map<string, RequestValidator>();
  for (const operation of operations) {
    if (!handlers[operation.operationId])
      throw new ContractError(
        `the mock has no handler for the operation ${operation.operationId} (${operation.method} ${operation.path})`,
        contract.specPath,
        { pointer: `#/paths/${encodeSegment(operation.path)}/${operation.method.toLowerCase()}` },
      );
    validators.set(
      operation.operationId,
      compileRequestValidator(contract, operation, { reuseBodies: options.reuseAnswers }),
    );
  }
  const checker = options.validateResponses ? responseChecker(contract) : undefined;
  const streams = new RunningStreams();
  const serve = createPipeline({
    shutdown: streams,
    contract,
    facts,
    cors: corsHeaders(facts.headers),
    store,
    options,
    handlers,
    tokens: setup.tokens,
    validators,
    admittedUrls: new AdmittedUrls(options.reuseAnswers),
    checker,
    router: createRouter(operations),
    prefer: setup.prefer ?? preferUnavailable,
    adminEndpoints: setup.adminEndpoints ?? setup.adminRoutes,
  });
  return {
    contract,
    store,
    options,
    streams,
    responseViolations: checker?.violations ?? [],
    scenarios: { add, list, clear },
    requests,
    reset: () => store.reset(),
    endStreams: () => streams.endAll(),
    serve,
  };
}

/**
 * The test-mode checker of every answer, loaded only when asked for: it brings the stream oracle
 * and the SSE reader, which an ordinary start does not need.
 */
function responseChecker(contract: Contract): ResponseCheckerModule.ResponseChecker {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- deliberate lazy load, see above
  const { ResponseChecker } = require('./stages/response-checker') as typeof ResponseCheckerModule;
  return new ResponseChecker(contract);
}
