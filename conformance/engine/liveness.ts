import type { Exchange } from './types';

/** Requests in a row without an answer after which the target counts as stopped whatever the clock says. */
const MOST_IN_A_ROW = 10;
/** Timers may fire a little early; silence this close to the request timeout counts as a full one. */
const TIMER_SLACK = 0.9;

/**
 * Tells when the target has stopped answering, so a run ends within about twice the request
 * timeout instead of letting every remaining request time out. Answers reset it. The target counts
 * as stopped after two requests in a row got no answer and nothing at all answered for a whole
 * request timeout (with requests in parallel that is one timeout after it went quiet, one after
 * another two), or after ten in a row however fast they failed (connections refused).
 */
export class Liveness {
  private inARow = 0;
  private lastAnswerAt: number;

  constructor(
    private readonly requestTimeoutMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.lastAnswerAt = now();
  }

  /** Notes one finished exchange; returns why the run should stop, or undefined. */
  note(exchange: Exchange): string | undefined {
    if (exchange.response) {
      this.inARow = 0;
      this.lastAnswerAt = this.now();
      return undefined;
    }
    this.inARow++;
    const silentMs = this.now() - this.lastAnswerAt;
    const quiet = this.inARow >= 2 && silentMs >= this.requestTimeoutMs * TIMER_SLACK;
    if (!quiet && this.inARow < MOST_IN_A_ROW) return undefined;
    return `the target stopped answering: ${this.inARow} requests in a row got no answer and nothing answered for ${(silentMs / 1000).toFixed(1)} s (last: ${exchange.transportError ?? 'no answer'})`;
  }
}
