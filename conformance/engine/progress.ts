/** What progress reports need of a scenario. */
interface Planned {
  readonly id: string;
  readonly operationId: string;
}

interface OperationTally {
  scenarios: number;
  ended: number;
  requests: number;
  failed: number;
}

export interface ProgressOptions {
  /** Where lines go (the CLI: stderr, prefixed `conformance: `). */
  readonly log: (line: string) => void;
  /** How often a line says where the run is; 0 for never (tests). */
  readonly intervalMs: number;
  readonly now?: () => number;
}

/**
 * Progress per operation while a run goes on, so a CI log shows a run that is working and a
 * target that is not answering: a line when a phase starts, one when an operation's scenarios of
 * the phase are done, and every `intervalMs` one with each operation's count and the requests
 * still waiting for an answer.
 */
export class Progress {
  private readonly now: () => number;
  private readonly started: number;
  private tallies = new Map<string, OperationTally>();
  private phaseStarted = 0;
  private readonly waiting = new Map<number, number>();
  private nextRequest = 0;
  private timer?: NodeJS.Timeout;

  constructor(private readonly options: ProgressOptions) {
    this.now = options.now ?? (() => performance.now());
    this.started = this.now();
    if (options.intervalMs > 0) {
      this.timer = setInterval(() => this.heartbeat(), options.intervalMs);
      this.timer.unref();
    }
  }

  startPhase(phase: string, scenarios: readonly Planned[]): void {
    this.tallies = new Map();
    this.phaseStarted = this.now();
    for (const s of scenarios) this.tally(s.operationId).scenarios++;
    if (scenarios.length === 0) return;
    const counts = [...this.tallies].map(([op, t]) => `${op} ${t.scenarios}`).join(', ');
    this.options.log(`${phase} phase: ${scenarios.length} scenario(s) (${counts})`);
  }

  /** A request leaves; returns the token to end it with. */
  requestStarted(operationId: string): number {
    this.tally(operationId).requests++;
    const token = this.nextRequest++;
    this.waiting.set(token, this.now());
    return token;
  }

  requestEnded(token: number): void {
    this.waiting.delete(token);
  }

  /** Checks failed on an answer for the operation. */
  failed(operationId: string, failedChecks: number): void {
    this.tally(operationId).failed += failedChecks;
  }

  scenarioEnded(scenario: Planned): void {
    const t = this.tally(scenario.operationId);
    t.ended++;
    if (t.ended !== t.scenarios) return;
    const seconds = ((this.now() - this.phaseStarted) / 1000).toFixed(1);
    this.options.log(
      `${scenario.operationId}: ${t.ended}/${t.scenarios} scenario(s) done, ${t.requests} request(s), ${t.failed} failed check(s) (${seconds} s)`,
    );
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** The line the timer prints; public so that it can be read without waiting for the timer. */
  heartbeat(): string {
    const ops = [...this.tallies].map(([op, t]) =>
      t.ended === t.scenarios
        ? `${op} done`
        : `${op} ${t.ended}/${t.scenarios} scenario(s) (${t.requests} request(s), ${t.failed} failed check(s))`,
    );
    const oldest = Math.min(...this.waiting.values());
    const waiting =
      this.waiting.size === 0
        ? 'no request waiting'
        : `${this.waiting.size} request(s) waiting for an answer, the oldest ${((this.now() - oldest) / 1000).toFixed(1)} s`;
    const line = `${((this.now() - this.started) / 1000).toFixed(0)} s: ${ops.join(', ') || 'starting'}; ${waiting}`;
    this.options.log(line);
    return line;
  }

  private tally(operationId: string): OperationTally {
    let t = this.tallies.get(operationId);
    if (!t) {
      t = { scenarios: 0, ended: 0, requests: 0, failed: 0 };
      this.tallies.set(operationId, t);
    }
    return t;
  }
}
