import type { Contract } from '../../../kit/contract/contract-types';
import type { OperationInfo } from '../../../kit/contract/operations';
import type { MockOptions } from './options';
import type { MockStore } from './state/store';
import type { Handler } from './handler-types';
import type { RequestValidator } from './stages/request-validator';
import type { Router } from './stages/route-table';
import type { ResponseChecker } from './stages/response-checker';
import type { AdminEndpoint } from './stages/admin';
import type { AdmittedUrls } from './stages/admitted-urls';
import type { SpecFacts } from './spec-facts/spec-facts';
import type { RunningStreams } from '../exchange/running-streams';
import type { CorsHeaders } from './stages/cors';
import type { PreferHandler } from './stages/prefer/prefer-unavailable';
import type { ScenarioOutcome } from './stages/queued-scenarios';
import type { TokenCounter } from './token-counter';

/** What the pipeline of one mock is made with (createCore builds it once). */
export interface PipelineDependencies {
  readonly contract: Contract;
  /** What the mock's code reads from the spec at start-up (defaults, header names...). */
  readonly facts: SpecFacts;
  readonly cors: CorsHeaders;
  readonly store: MockStore;
  readonly options: MockOptions;
  readonly router: Router;
  readonly validators: ReadonlyMap<string, RequestValidator>;
  /** URLs that passed routing and validation, for operations decided by the URL alone. */
  readonly admittedUrls: AdmittedUrls;
  readonly handlers: Readonly<Record<string, Handler>>;
  /** The mock's token counter, which every handler is handed. */
  readonly tokens: TokenCounter;
  readonly prefer: PreferHandler;
  readonly checker?: ResponseChecker;
  readonly adminEndpoints?: readonly AdminEndpoint[] | undefined;
  /** The mock's running streams, ended when it stops waiting for requests in flight. */
  readonly shutdown: RunningStreams;
}

/**
 * What is known of a request as it goes: the operation it was routed to (for the journal and for
 * error checks), its body, and what a scenario did to it (the journal reads it when it is read).
 */
export interface Routed extends ScenarioOutcome {
  operation: OperationInfo | undefined;
  body: Uint8Array | undefined;
  /** The body's byte string, where the request validator keeps one (ValidatedRequest.bodyByteString). */
  bodyByteString?: string;
}
