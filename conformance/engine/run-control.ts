/** Why a run stopped before its end. */
export interface RunStop {
  /**
   * `interrupted`: SIGINT/SIGTERM (or the caller's abort); `target-stopped`: the gateway stopped
   * answering; `not-started`: the run stopped before judging (run/not-started-run.ts).
   */
  readonly kind: 'interrupted' | 'target-stopped' | 'not-started';
  readonly reason: string;
  /** The signal that interrupted the run, when one did. */
  readonly signal?: string;
}

/** Thrown into a scenario when the run has stopped: the scenario ends without a verdict. */
export class RunStopped extends Error {
  override readonly name = 'RunStopped';
}

/**
 * One run's off switch. Stopping aborts every request in flight (the HTTP clients listen to
 * `signal`) and makes every later send throw RunStopped, so the scenarios still running end at
 * once and the run returns what it has, marked incomplete.
 */
export class RunControl {
  private readonly controller = new AbortController();
  private reasonStopped?: RunStop;

  /** `external`: the caller's abort (the CLI's SIGINT/SIGTERM), its reason the signal's name. */
  constructor(external?: AbortSignal) {
    const interrupt = () => this.stop(interruption(external?.reason));
    if (external?.aborted) interrupt();
    else external?.addEventListener('abort', interrupt, { once: true });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get stopped(): RunStop | undefined {
    return this.reasonStopped;
  }

  /** The first reason wins. */
  stop(why: RunStop): void {
    if (this.reasonStopped) return;
    this.reasonStopped = why;
    this.controller.abort();
  }

  /** Throws RunStopped once the run has stopped. */
  check(): void {
    if (this.reasonStopped) throw new RunStopped(this.reasonStopped.reason);
  }
}

function interruption(reason: unknown): RunStop {
  const signal = typeof reason === 'string' && /^SIG[A-Z]+$/.test(reason) ? reason : undefined;
  return { kind: 'interrupted', reason: signal ? `interrupted by ${signal}` : 'interrupted', signal };
}
