import type { GatewayClient } from '../http/gateway-client';
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

/** Records the drops of one exchange (recordDrops, or recordDropsWhileStarting for `--wait`). */
export type DropRecording = (exchange: Exchange, recorder: Recorder, wire: Wire, policy: TransportPolicy) => void;

/**
 * The client whose every exchange has its drops recorded: a run sends all its requests (the wait,
 * the preflight, the reset, the scenarios and their probes) through clients made by this, so no
 * request the suite makes can hide a drop behind its retry, and none is counted twice.
 */
export function countingDrops(
  client: GatewayClient,
  recorder: Recorder,
  wire: Wire,
  policy: TransportPolicy,
  record: DropRecording = recordDrops,
): GatewayClient {
  return {
    async send(scenario, operation, spec) {
      const exchange = await client.send(scenario, operation, spec);
      record(exchange, recorder, wire, policy);
      return exchange;
    },
  };
}

/**
 * Records each connection that dropped under the exchange's request and was asked again: a failure
 * of its own root cause (a gateway that drops requests loses its clients' work), or a warning when
 * it was the idle keep-alive race or the user accepts drops. Either way it is counted and shown.
 */
export function recordDrops(exchange: Exchange, recorder: Recorder, wire: Wire, policy: TransportPolicy = {}): void {
  // The 429s retried past came over connections too: their drops count as well.
  for (const earlier of exchange.retriedPast ?? []) recordDrops(earlier, recorder, wire, policy);
  (exchange.drops ?? []).forEach((drop, i) =>
    recordDrop(
      exchange,
      drop,
      `the request was answered only after it was sent again (try ${i + 2})`,
      recorder,
      wire,
      policy,
    ),
  );
}

/**
 * `--wait`'s drops. While a target starts, a connection closed before any byte of an answer is
 * what a port forwarder in front of a service not listening yet does (docker-proxy, `kubectl
 * port-forward`): the target is not up, which is what the wait waits out, as it does a refused
 * connection. An answer that began and then broke can only be the gateway's: it is counted like
 * any other drop, and the wait asks again.
 */
export function recordDropsWhileStarting(
  exchange: Exchange,
  recorder: Recorder,
  wire: Wire,
  policy: TransportPolicy = {},
): void {
  const drop = exchange.dropped;
  if (drop?.answerBegan === true)
    recordDrop(exchange, drop, 'the request was not answered; the wait asked again', recorder, wire, policy);
}

function recordDrop(
  exchange: Exchange,
  drop: ConnectionDrop,
  then: string,
  recorder: Recorder,
  wire: Wire,
  policy: TransportPolicy,
): void {
  const source = { check: CONNECTION_KEPT.name, rule: CONNECTION_KEPT.rule };
  const failure = buildFailure(exchange, source, dropFinding(drop, then), wire);
  if (drop.idle || policy.acceptDrops === true) recorder.warn(failure);
  else recorder.fail(CONNECTION_KEPT.family, failure);
}

/** The finding of a dropped connection; `then` says what became of the request. */
function dropFinding(drop: ConnectionDrop, then: string): Finding {
  return {
    message: `the connection ${drop.idle ? 'had sat idle and ' : ''}dropped under the request: ${drop.error}; ${then}`,
    expected: 'every request answered on the connection it was sent on',
    excerpt: drop.error,
    cause: drop.idle ? IDLE_RACE_CAUSE : DROPPED_CAUSE,
  };
}
