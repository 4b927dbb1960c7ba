import type { ServerTimeouts } from './timeouts';
import { DEFAULT_TIMEOUTS } from './timeouts';
import { DEFAULT_JOURNAL_LIMIT } from './journal/request-journal';
import type { PaceName } from '../exchange/stream/pacing';
import { isPaceName, PACE_NAMES } from '../exchange/stream/pacing';

/** Settings of one mock instance. The CLI fills them from flags and environment. */
export interface MockOptions {
  /** Path prefix of the API; by default the path of the spec's server address (`/api/v1`). */
  readonly basePath: string;
  /** Largest accepted request body in bytes; larger gets 413 (default 32 MiB). */
  readonly bodyLimitBytes: number;
  /**
   * Test mode: every response the mock sends is validated against the spec. Violations are
   * collected in `MockServer.responseViolations` and logged; tests assert there are none.
   */
  readonly validateResponses: boolean;
  /** Stream pacing overrides; undefined falls back to the fixtures' `pacing`. */
  readonly pacing: { readonly firstTokenDelayMs?: number; readonly tokensPerSecond?: number };
  /**
   * A named pace for streams (`'human'`: the first token after 400 ms, then 15 tokens a second),
   * under `pacing`'s own values and over the fixtures' `pacing` (exchange/stream/pacing.ts).
   */
  readonly pace?: PaceName;
  /** Admin endpoints (`/__mock/*`) demand the management key, e.g. when listening beyond loopback. */
  readonly adminRequiresManagementKey: boolean;
  /** Where log lines go; silent by default in tests. */
  readonly log: (line: string) => void;
  /** Limits for slow and stalled clients. */
  readonly timeouts: ServerTimeouts;
  /**
   * Remember what depends only on a request's bytes: its validated body, and for POST /responses
   * the plan of its answer (model, route, answer, the serialized result and stream events with
   * holes for ids and times), and for a GET the routing and validation of its URL. A repeated
   * request then skips that work; what depends on the mock's state (keys, guardrail assignments,
   * sticky sessions, the response counter) is worked out every time. Answers are the same either
   * way (default true; off computes every request afresh).
   */
  readonly reuseAnswers: boolean;
  /**
   * Connections the kernel queues before the server accepts them (the listen backlog). Node's
   * own default, 511, is too small for a load test that opens thousands at once: the rest are
   * retried after 1, 3, 7... seconds. The kernel caps it at net.core.somaxconn (default 4096).
   */
  readonly listenBacklog: number;
  /**
   * How recorded streams (scripts with `reply.recorded`, docs/record-replay.md) are paced: at the
   * pace they were recorded at (default), or `fast`, as fast as the socket takes them.
   */
  readonly replayPace: 'recorded' | 'fast';
  /**
   * Strict replay: a POST /responses that no recording answers gets a 404 naming the closest
   * recording and why it does not apply, instead of the mock's own answer (default false).
   */
  readonly strictReplay: boolean;
  /** How many requests the journal (GET /__mock/requests) keeps, newest; older ones are dropped (default 1,000). */
  readonly journalLimit: number;
  /**
   * Journal the admin calls (`/__mock/*`: queuing a scenario, a reset, reading the journal) too.
   * Off by default: the journal holds the app's requests, so `requests[0]` is the app's last one.
   */
  readonly journalAdmin: boolean;
}

export const DEFAULT_BODY_LIMIT_BYTES = 32 * 1024 * 1024;
export const DEFAULT_LISTEN_BACKLOG = 4096;

/** The default settings, with `overrides` applied; `basePath` is the spec's (see apiBasePath). */
export function mockOptions(basePath: string, overrides: Partial<MockOptions> = {}): MockOptions {
  // Code without types can pass any name: refuse it where the mock is made, not at the first stream.
  if (overrides.pace !== undefined && !isPaceName(overrides.pace))
    throw new Error(`Unknown pace "${String(overrides.pace)}": the paces are ${PACE_NAMES.join(', ')}`);
  return {
    basePath,
    bodyLimitBytes: DEFAULT_BODY_LIMIT_BYTES,
    validateResponses: false,
    pacing: {},
    adminRequiresManagementKey: false,
    log: () => undefined,
    timeouts: DEFAULT_TIMEOUTS,
    reuseAnswers: true,
    listenBacklog: DEFAULT_LISTEN_BACKLOG,
    replayPace: 'recorded',
    strictReplay: false,
    journalLimit: DEFAULT_JOURNAL_LIMIT,
    journalAdmin: false,
    ...overrides,
  };
}
