import type { Exchange } from './types';

/** Requests in a row without an answer after which an operation counts as stopped whatever the clock says. */
const MOST_IN_A_ROW = 10;
/** Timers may fire a little early; silence this close to the request timeout counts as a full one. */
const TIMER_SLACK = 0.9;

interface Track {
  inARow: number;
  lastAnswerAt: number;
}

/**
 * Tells when the target has stopped answering, so a run ends within about twice the request
 * timeout instead of letting every remaining request time out. Each operation is watched on its
 * own (a gateway may hang on POST /responses while its GETs still answer), and an answer resets
 * it. An operation counts as stopped after two of its requests in a row got no answer and none
 * of them answered for a whole request timeout (with requests in parallel, one timeout after it
 * went quiet; one after another, two), or after ten in a row however fast they failed
 * (connections refused).
 */
export class Liveness {
  private readonly tracks = new Map<string, Track>();
  private readonly startedAt: number;

  constructor(
    private readonly requestTimeoutMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.startedAt = now();
  }

  /** Notes one finished exchange; returns why the run should stop, or undefined. */
  note(exchange: Exchange): string | undefined {
    const operation = exchange.operation.operationId;
    const track = this.tracks.get(operation) ?? { inARow: 0, lastAnswerAt: this.startedAt };
    this.tracks.set(operation, track);
    if (exchange.response) {
      track.inARow = 0;
      track.lastAnswerAt = this.now();
      return undefined;
    }
    track.inARow++;
    const silentMs = this.now() - track.lastAnswerAt;
    const quiet = track.inARow >= 2 && silentMs >= this.requestTimeoutMs * TIMER_SLACK;
    if (!quiet && track.inARow < MOST_IN_A_ROW) return undefined;
    const { method, path } = exchange.operation;
    return `the target stopped answering ${method} ${path}: ${track.inARow} requests in a row got no answer and none answered for ${(silentMs / 1000).toFixed(1)} s (last: ${exchange.transportError ?? 'no answer'})`;
  }
}
