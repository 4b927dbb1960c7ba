import type { OperationId } from '../operation-types';

/**
 * A scenario as mocks/scenarios/scenario.schema.json describes it: what a test queues on a running
 * mock (POST /__mock/scenarios, `mock.scenarios.add`) to steer the answers of matching requests.
 * It gives `respond` or `steps`, never both and never neither (the schema's description; the
 * mock refuses either at run time too, for JSON that arrives without types).
 */
export type Scenario = ScenarioBase &
  (
    | { readonly respond: ScenarioStep; readonly steps?: never }
    | { readonly steps: readonly ScenarioStep[]; readonly respond?: never }
  );

interface ScenarioBase {
  readonly id?: string;
  readonly match: ScenarioMatch;
  /** How many matching requests `respond` answers, or how many times `steps` run (default 1). */
  readonly times?: number;
}

/** Which requests a scenario answers; every given field must match. */
export interface ScenarioMatch {
  /** An operationId of spec/openapi.yaml. */
  readonly operation: OperationId;
  readonly model?: string;
  /** Text the request's input contains. */
  readonly input?: string;
  readonly stream?: boolean;
  /** Headers that must be present with exactly these values. */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * How one matching request is answered (the schema's `step`): one of three kinds, as the mock
 * checks them (validate-scenario.ts): an answer with `status`, a `network` failure, or the normal
 * answer changed (`cut`, pacing; `{}` is the normal answer as it is). `latencyMs` goes with any.
 */
export type ScenarioStep = AnswerStep | NetworkStep | SteeredStep;

/** Fields no step of another kind may carry, so that mixing kinds fails `tsc`. */
type Without<Keys extends string> = { readonly [K in Keys]?: never };

type AnswerFields = 'status' | 'headers' | 'message' | 'body';
type SteeringFields = 'cut' | 'firstTokenDelayMs' | 'tokensPerSecond';

/** That status instead of the normal answer (the body defaults to the error envelope; required below 400). */
export interface AnswerStep extends Without<'network' | SteeringFields> {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly message?: string;
  readonly body?: unknown;
  readonly latencyMs?: number;
}

/** A network failure: no status, no body of its own. */
export interface NetworkStep extends Without<AnswerFields | SteeringFields> {
  readonly network: 'reset' | 'close-mid-body';
  readonly latencyMs?: number;
}

/** The normal answer, its stream cut or paced. */
export interface SteeredStep extends Without<AnswerFields | 'network'> {
  readonly cut?: { readonly afterTokens: number; readonly end?: 'error' | 'drop' };
  readonly latencyMs?: number;
  readonly firstTokenDelayMs?: number;
  readonly tokensPerSecond?: number;
}

/**
 * What the pipeline's reply layer carries out for a request a scenario took: an answer in place
 * of the normal one, a network failure, or the normal answer changed. `latencyMs` comes first.
 */
export type ScenarioAction =
  | {
      readonly kind: 'answer';
      readonly scenarioId: string;
      readonly latencyMs: number;
      readonly status: number;
      readonly headers: Readonly<Record<string, string>>;
      /** The body, serialized. */
      readonly body: string;
    }
  | {
      readonly kind: 'network';
      readonly scenarioId: string;
      readonly latencyMs: number;
      readonly failure: 'reset' | 'close-mid-body';
    }
  | {
      readonly kind: 'normal';
      readonly scenarioId: string;
      readonly latencyMs: number;
      readonly steering: AnswerSteering;
    };

/** How a scenario changes the normal answer (the handler of createResponse reads it). */
export interface AnswerSteering {
  readonly firstTokenDelayMs?: number;
  readonly tokensPerSecond?: number;
  /** Stop after this many output tokens, with the failure events (`error`) or the connection dropped. */
  readonly cut?: { readonly afterTokens: number; readonly end: 'error' | 'drop' };
}

/** What a scenario is matched against: known once the request is routed and its body read. */
export interface ScenarioRequest {
  readonly operationId: string;
  /** Lower-cased names, as node and the Fetch API's Headers give them. */
  readonly header: (name: string) => string | undefined;
  /** The parsed JSON body, or undefined when there is none or it is not JSON. */
  readonly body: unknown;
}

/** One line of GET /__mock/scenarios: the scenario as added, with its use counts. */
export interface ListedScenario {
  readonly id: string;
  readonly scenario: Scenario;
  /** Requests it has answered. */
  readonly used: number;
  /** Requests it will still answer (0: used up; it stays listed until cleared). */
  readonly remaining: number;
}
