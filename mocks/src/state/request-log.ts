/** One line of `GET /__mock/requests`. Keys and bodies are never recorded. */
export interface RequestLogEntry {
  readonly at: string;
  readonly method: string;
  readonly path: string;
  readonly operationId: string | null;
  readonly status: number;
  readonly durationMs: number;
  /** Present when the connection closed before the answer was complete (the client went away mid-stream). */
  readonly aborted?: true;
}

/** A request as recorded: the time stays a number until someone reads the log (cheaper per request). */
export type RecordedRequest = Omit<RequestLogEntry, 'at'> & { readonly atMs: number };

/** The most recent requests, oldest dropped first, bounded so a long session cannot grow memory. */
export class RequestLog {
  private entries: RecordedRequest[] = [];
  private next = 0;

  constructor(private readonly capacity = 200) {}

  add(entry: RecordedRequest): void {
    if (this.capacity <= 0) return;
    if (this.entries.length < this.capacity) {
      this.entries.push(entry);
    } else {
      this.entries[this.next] = entry;
    }
    this.next = (this.next + 1) % this.capacity;
  }

  /** Newest first. */
  list(): RequestLogEntry[] {
    const ordered =
      this.entries.length < this.capacity
        ? this.entries.slice()
        : [...this.entries.slice(this.next), ...this.entries.slice(0, this.next)];
    return ordered.reverse().map(({ atMs, ...rest }) => ({ at: new Date(atMs).toISOString(), ...rest }));
  }

  clear(): void {
    this.entries = [];
    this.next = 0;
  }
}
