import { DEFAULT_CLOCK_SKEW_SECONDS, pastWindow, runWindow } from '../../kit/time/unix-seconds';
import type { TimeWindow } from '../../kit/time/unix-seconds';

/** When the run began and how far the target's clock may be off: the times in its answers are judged by it. */
export interface RunClock {
  /** From the run's start to now, the skew allowed on each side: a response made by this run. */
  window(): TimeWindow;
  /** From 2000 to now, the skew allowed: a model's `created`. */
  past(): TimeWindow;
}

export function runClock(
  startedAtMs: number,
  skewSeconds = DEFAULT_CLOCK_SKEW_SECONDS,
  now: () => number = Date.now,
): RunClock {
  return {
    window: () => runWindow(startedAtMs, now(), skewSeconds),
    past: () => pastWindow(now(), skewSeconds),
  };
}
