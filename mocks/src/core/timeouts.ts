/** How long the mock waits for slow or stalled clients, in ms. */
export interface ServerTimeouts {
  /** The request head must arrive within this (a slowloris client); answered 408. */
  readonly headersMs: number;
  /** Head and body must arrive within this; answered 408. */
  readonly requestMs: number;
  /**
   * A client that takes none of a response for this long while bytes wait for it (it stopped
   * reading) is disconnected, which aborts its handler. A stream merely pausing between paced
   * tokens has nothing waiting and is left alone.
   */
  readonly stalledMs: number;
  /** An idle keep-alive connection closes after this. */
  readonly keepAliveMs: number;
}

export const DEFAULT_TIMEOUTS: ServerTimeouts = {
  headersMs: 20_000,
  requestMs: 60_000,
  stalledMs: 60_000,
  keepAliveMs: 5_000,
};
