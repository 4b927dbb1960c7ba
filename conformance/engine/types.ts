/**
 * The data the suite passes around: requests it sends, what came back, and the verdicts.
 * A failure is plain data with fixed fields so every report (terminal, JUnit, JSON) is built from it.
 */
import type { Contract } from '../../kit/contract/contract';
import type { FeatureIndex } from '../../kit/contract/feature-index';
import type { OperationInfo } from '../../kit/contract/operations';
import type { StreamSpec } from '../../kit/stream/stream-spec';
import type { RunClock } from './run-clock';
import type { Exchange, ReportedRequest, ReportedResponse } from '../http/wire-types';

/** What went over the wire, as the HTTP layer captures it: the vocabulary every check and report uses. */
export type {
  Credential,
  RequestSpec,
  CapturedResponse,
  StreamCapture,
  Exchange,
  ConnectionDrop,
  ReportedRequest,
  ReportedResponse,
} from '../http/wire-types';

/** What a check found wrong in one exchange. An empty list means the check passed. */
export interface Finding {
  readonly message: string;
  /** What the contract says, in words. */
  readonly expected: string;
  /** Overrides the check's default contract rule (section) when one check covers several. */
  readonly rule?: string;
  /** The part of the body that shows the problem (an event, say); defaults to the body's start. */
  readonly excerpt?: string;
  /**
   * A finding about the answer as a whole, in order of precedence: `status` (not the status the
   * contract asks for here, or one it does not document), `content-type` (not a documented type),
   * `schema` (a body its schema does not allow). Any other finding on the same answer is then a
   * knock-on effect of the first, reported with it.
   */
  readonly kind?: 'status' | 'content-type' | 'schema';
  /**
   * The cause in words, the same for every failure it explains, e.g. `invalid requests answered
   * 422 where the contract says 400`; reports group failures by it.
   */
  readonly cause?: string;
}

/** A check that applies to every exchange it `applies` to (status documented, schema valid...). */
export interface Check {
  readonly name: string;
  readonly family: CheckFamily;
  /** Where the rule lives in spec/openapi.yaml: an operation and answer (`createResponse 200 text/event-stream`) or a pointer (`#/components/schemas/ErrorEnvelope`). */
  readonly rule: string;
  applies(exchange: Exchange, ctx: CheckContext): boolean;
  verify(exchange: Exchange, ctx: CheckContext): Finding[];
}

/** A scenario-specific assertion about one exchange (expected status, unassigned count...). */
export interface Expectation {
  readonly check: string;
  readonly family: CheckFamily;
  readonly rule: string;
  /** Whether the answer gives the expectation something to judge; always, when absent. */
  applies?(exchange: Exchange, ctx: CheckContext): boolean;
  verify(exchange: Exchange, ctx: CheckContext): Finding[];
}

export type CheckFamily =
  'response' | 'error' | 'stream' | 'auth' | 'limits' | 'rules' | 'catalog' | 'guardrail' | 'property';

export interface Failure {
  readonly check: string;
  readonly operation: string;
  readonly scenario: string;
  readonly rule: string;
  readonly message: string;
  readonly request: ReportedRequest;
  readonly received: ReportedResponse;
  readonly expected: string;
  readonly curl: string;
  /** The cause in words when the finding states one (see Finding.cause); reports group by it. */
  readonly cause?: string;
  /** Set on a knock-on effect: the check whose failure on the same answer explains this one. */
  readonly causedBy?: string;
  /** The features of the API the failing exchange exercises (engine/exchange-features.ts): `core`, `plugins`... */
  readonly features?: readonly string[];
  /**
   * The answer is right for the request without the members of `features` (engine/ignored-features.ts):
   * the gateway ignored them. A feature whose failures all say so is `unsupported`, not `broken`.
   */
  readonly ignored?: boolean;
  /**
   * The members of `features` this failure is about (engine/feature-members.ts): those whose
   * removal alone makes the answer right when ignored, else those the request carried.
   */
  readonly members?: readonly string[];
}

/** `known`: a failure the run's baseline lists (`--baseline`): reported, but it does not fail the run. */
export type Outcome = 'pass' | 'fail' | 'skip' | 'known';

export interface CheckResult {
  readonly check: string;
  readonly family: CheckFamily;
  readonly operation: string;
  readonly scenario: string;
  readonly outcome: Outcome;
  readonly failure?: Failure;
  /** Why a scenario was skipped. */
  readonly reason?: string;
  /** The features the judged exchange exercises (engine/exchange-features.ts); none on a skip. */
  readonly features?: readonly string[];
  /** A pass: the members of `features` its request carried, so the matrix can say which ones work. */
  readonly members?: readonly string[];
}

/** Everything checks may consult. Built once per run; read-only. */
export interface CheckContext {
  readonly contract: Contract;
  readonly operations: ReadonlyMap<string, OperationInfo>;
  /** operationIds only a management key may call, read from the operations' security (kit/contract/key-schemes.ts). */
  readonly managementOnly: ReadonlySet<string>;
  /** What the stream rules read from the contract (kit/stream). */
  readonly streamSpec: StreamSpec;
  /** Which feature each part of the API belongs to (the document's `x-feature` keywords). */
  readonly features: FeatureIndex;
  /** The run's clock, which the times in answers are judged by; without it, any plausible date passes. */
  readonly clock?: RunClock;
}
