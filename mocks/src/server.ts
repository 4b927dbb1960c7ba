import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Contract } from '../../kit/contract/contract';
import { ContractError, loadContract } from '../../kit/contract/contract';
import { encodeSegment } from '../../kit/json/json-pointer';
import { listOperations } from '../../kit/contract/operations';
import type { Fixtures } from './fixtures/fixture-types';
import { loadFixtures } from './fixtures/load-fixtures';
import type { MockOptions } from './options';
import { mockOptions } from './options';
import { MockStore } from './state/store';
import type { Handler } from './pipeline/context';
import { asPipelineHandler } from './pipeline/context';
import type { HandlerOverrides } from './handlers/registry';
import { HANDLERS } from './handlers/registry';
import { createRouter } from './pipeline/router';
import { compileRequestValidator } from './pipeline/request-validator';
import type { RequestValidator } from './pipeline/request-validator';
import type * as ResponseCheckerModule from './pipeline/response-checker';
import type { ResponseViolation } from './pipeline/response-checker';
import { createRequestListener } from './app';
import { trackConnections } from './connections';
import { AdmittedUrls } from './pipeline/admitted-urls';
import { gracefulCloser } from './graceful-close';
import { RunningStreams } from './running-streams';
import { answerClientError, cutOffStalledReaders, serverTimeoutOptions } from './server-timeouts';
import type { AdminRoute } from './admin';
import { createPreferHandler } from './prefer/prefer-handler';
import { corsHeaders } from './pipeline/cors';
import { readSpecFacts } from './spec-facts/spec-facts';
import { scenarioOperations } from './scenarios/validate-scenario';
import type { ScenarioControls } from './scenarios/scenario-controls';
import { scenarioControls } from './scenarios/scenario-controls';
import type { JournalEntry } from './journal/request-journal';

export interface MockServerInit {
  readonly fixtures?: Fixtures;
  readonly fixturesPath?: string;
  readonly contract?: Contract;
  readonly options?: Partial<MockOptions>;
  /** Replace handlers (tests and deliberately broken variants use this). */
  readonly handlers?: HandlerOverrides;
  readonly adminRoutes?: readonly AdminRoute[];
}

export interface MockServer {
  readonly server: http.Server;
  /** This instance's request listener; `--watch` swaps a reloaded one onto the listening server. */
  readonly listener: http.RequestListener;
  readonly store: MockStore;
  readonly contract: Contract;
  readonly options: MockOptions;
  /** Test mode only (`validateResponses`): responses that the spec does not allow. */
  readonly responseViolations: readonly ResponseViolation[];
  /** Scenarios queued on this mock, as POST/GET/DELETE /__mock/scenarios: `mock.scenarios.add({ match, respond })`. */
  readonly scenarios: ScenarioControls;
  /** The request journal, newest first, as GET /__mock/requests: `mock.requests({ operation: 'createResponse' })`. */
  requests(filter?: { readonly operation?: string }): JournalEntry[];
  /** Puts the state back as the fixtures left it and clears the scenarios and the journal (POST /__mock/reset). */
  reset(): void;
  /** Starts listening (default 127.0.0.1 on a free port) and resolves to the API base URL. */
  listen(port?: number, host?: string): Promise<string>;
  /**
   * Stops accepting, lets in-flight requests finish for up to `graceMs`, then ends the streams
   * still running with a failure their clients can read (RequestContext.shutdown) and closes
   * what is left. `alsoEnding` runs at that moment too (the reloaded mocks of `--watch`).
   */
  close(graceMs?: number, alsoEnding?: () => void): Promise<void>;
  /** Ends this mock's running streams now, as `close` does when its grace period is over. */
  endStreams(): void;
}

/** Builds one independent mock: its own store, validators and server. */
export function createMockServer(init: MockServerInit = {}): MockServer {
  const contract = init.contract ?? loadContract();
  const operations = listOperations(contract);
  const facts = readSpecFacts(contract, operations);
  const options = mockOptions(facts.apiBasePath, init.options);
  const fixtures = init.fixtures ?? loadFixtures(init.fixturesPath, contract);
  const store = new MockStore(fixtures, facts.apiBasePath, {
    operations: scenarioOperations(operations),
    journalLimit: options.journalLimit,
  });
  const controls = scenarioControls(store);
  const handlers: Record<string, Handler> = { ...HANDLERS };
  for (const [operationId, handler] of Object.entries(init.handlers ?? {})) {
    if (handler) handlers[operationId] = asPipelineHandler(handler);
  }
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
  const endStreams = (): void => streams.endAll();
  const listener = createRequestListener({
    shutdown: streams,
    contract,
    facts,
    cors: corsHeaders(facts.headers),
    store,
    options,
    handlers,
    validators,
    admittedUrls: new AdmittedUrls(options.reuseAnswers),
    checker,
    router: createRouter(operations),
    prefer: createPreferHandler(contract, options.basePath),
    adminRoutes: init.adminRoutes,
  });
  const server = http.createServer(serverTimeoutOptions(options.timeouts), listener);
  const connections = trackConnections(server);
  const closeServer = gracefulCloser(server, connections);
  const stopStallWatch = cutOffStalledReaders(connections, options.timeouts);
  server.once('close', stopStallWatch);
  server.on('clientError', answerClientError);

  let baseUrl: string | undefined;
  return {
    server,
    listener,
    store,
    contract,
    options,
    responseViolations: checker?.violations ?? [],
    scenarios: { add: controls.add, list: controls.list, clear: controls.clear },
    requests: controls.requests,
    reset: () => store.reset(),
    listen(port = 0, host = '127.0.0.1') {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen({ port, host, backlog: options.listenBacklog }, () => {
          server.off('error', reject);
          const address = server.address() as AddressInfo;
          const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
          baseUrl = `http://${shownHost}:${address.port}${options.basePath}`;
          resolve(baseUrl);
        });
      });
    },
    close(graceMs = 2_000, alsoEnding) {
      return closeServer(graceMs, () => {
        endStreams();
        alsoEnding?.();
      });
    },
    endStreams,
  };
}

/**
 * The test-mode checker of every answer, loaded only when asked for: it brings the stream oracle
 * and the SSE reader, which an ordinary start does not need.
 */
function responseChecker(contract: Contract): ResponseCheckerModule.ResponseChecker {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- deliberate lazy load, see above
  const { ResponseChecker } = require('./pipeline/response-checker') as typeof ResponseCheckerModule;
  return new ResponseChecker(contract);
}
