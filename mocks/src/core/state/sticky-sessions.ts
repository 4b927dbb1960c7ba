/**
 * session_id → provider slug (ResponseRequest.session_id: requests with the same `session_id` go to the same
 * provider). Bounded: the oldest sessions are forgotten first, so a client inventing a new
 * session per request cannot grow the mock's memory without limit.
 */
export class StickySessions {
  private readonly bySession = new Map<string, string>();

  constructor(private readonly capacity = 10_000) {}

  get(sessionId: string): string | undefined {
    return this.bySession.get(sessionId);
  }

  set(sessionId: string, provider: string): void {
    // Re-inserting moves the session to the newest end of the map's insertion order.
    this.bySession.delete(sessionId);
    this.bySession.set(sessionId, provider);
    if (this.bySession.size > this.capacity) {
      const oldest = this.bySession.keys().next().value;
      if (oldest !== undefined) this.bySession.delete(oldest);
    }
  }

  get size(): number {
    return this.bySession.size;
  }

  clear(): void {
    this.bySession.clear();
  }
}
