import { buildFailure } from './build-failure';
import type { Wire } from './build-failure';
import type { Recorder } from './recorder';
import type { ConnectionDrop, Exchange, Finding } from './types';

/** The pseudo-check of a request answered only after its connection dropped under it. */
export const CONNECTION_KEPT = { name: 'connection-not-dropped', family: 'response', rule: '#/paths' } as const;

/** The root cause every dropped connection is reported under, whatever the request. */
export const DROPPED_CAUSE = 'connections dropped with a request in flight (reset or closed before the answer ended)';

/** The warning's cause: what every keep-alive client meets and asks again for. */
export const IDLE_RACE_CAUSE =
  'idle kept-alive connections closed by the gateway as the next request went out (asked again on a fresh connection)';

export interface TransportPolicy {
  /** `--accept-dropped-connections`: drops in flight are warnings, not failures. */
  readonly acceptDrops?: boolean;
}

/**
 * Records each connection that dropped under the exchange's request and was asked again: a failure
 * of its own root cause (a gateway that drops requests loses its clients' work), or a warning when
 * it was the idle keep-alive race or the user accepts drops. Either way it is counted and shown.
 */
export function recordDrops(exchange: Exchange, recorder: Recorder, wire: Wire, policy: TransportPolicy = {}): void {
  const drops = exchange.drops ?? [];
  drops.forEach((drop, i) => {
    const finding = dropFinding(drop, `the request was answered only after it was sent again (try ${i + 2})`);
    const source = { check: CONNECTION_KEPT.name, rule: CONNECTION_KEPT.rule };
    const failure = buildFailure(exchange, source, finding, wire);
    if (drop.idle || policy.acceptDrops === true) recorder.warn(failure);
    else recorder.fail(CONNECTION_KEPT.family, failure);
  });
}

/** The finding of a dropped connection; `then` says what became of the request. */
export function dropFinding(drop: ConnectionDrop, then: string): Finding {
  return {
    message: `the connection ${drop.idle ? 'had sat idle and ' : ''}dropped under the request: ${drop.error}; ${then}`,
    expected: 'every request answered on the connection it was sent on',
    excerpt: drop.error,
    cause: drop.idle ? IDLE_RACE_CAUSE : DROPPED_CAUSE,
  };
}
