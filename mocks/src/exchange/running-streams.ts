/**
 * The streams one mock is running, so that its shutdown can end them. One Set per server: a
 * stream adds its way to end when it starts and removes it when it is over, and the shutdown
 * walks the Set. Nothing listens on a server-wide signal, so 1,000 open streams cost 1,000 Set
 * entries rather than 1,000 listeners on one AbortSignal (node warns past 10).
 */
export class RunningStreams {
  readonly #enders = new Set<() => void>();
  #ended = false;

  /**
   * Registers a running stream's `end` and returns what unregisters it. Once `endAll` has run,
   * a stream that starts late is ended at once, as the server no longer waits for it.
   */
  add(end: () => void): () => void {
    if (this.#ended) {
      end();
      return () => undefined;
    }
    this.#enders.add(end);
    return () => {
      this.#enders.delete(end);
    };
  }

  /** Streams registered now. */
  get size(): number {
    return this.#enders.size;
  }

  /** Whether `endAll` has run. */
  get ended(): boolean {
    return this.#ended;
  }

  /** Ends every running stream (the grace period of a close is over), and any that starts later. */
  endAll(): void {
    this.#ended = true;
    const enders = [...this.#enders];
    this.#enders.clear();
    for (const end of enders) end();
  }
}
