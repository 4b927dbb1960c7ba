/**
 * Time the queue's checks may take in one turn of the event loop before relaying goes on: an event
 * of a live stream waits about this long (and one exchange's check) behind them at most.
 */
const SLICE_MS = 1;
/** Exchanges waiting at most: past it, the next is checked at once, so a proxy that cannot keep up slows down instead of growing. */
const MAX_WAITING = 1_000;

export interface CheckQueue<T> {
  /** Checks `item` later, after the relaying that is ready to run (or now, if too many wait). */
  add(item: T): void;
  /** Checks everything waiting, now: whoever reads the results sees every exchange relayed so far. */
  flush(): void;
}

/**
 * Keeps the checks off the relay's path: an answer is relayed whole before its exchange is checked,
 * and the checks run in slices of a millisecond between the event loop's turns (setImmediate),
 * so a burst of finished streams does not hold back the events of the streams still running.
 */
export function createCheckQueue<T>(check: (item: T) => void): CheckQueue<T> {
  let waiting: T[] = [];
  let next = 0;
  let scheduled = false;
  const runOne = (): void => {
    const item = waiting[next] as T;
    waiting[next++] = undefined as T;
    if (next === waiting.length) {
      waiting = [];
      next = 0;
    }
    check(item);
  };
  const slice = (): void => {
    scheduled = false;
    const until = performance.now() + SLICE_MS;
    while (next < waiting.length && performance.now() < until) runOne();
    schedule();
  };
  const schedule = (): void => {
    if (scheduled || next === waiting.length) return;
    scheduled = true;
    setImmediate(slice);
  };
  return {
    add(item) {
      if (waiting.length - next >= MAX_WAITING) runOne();
      waiting.push(item);
      schedule();
    },
    flush() {
      while (next < waiting.length) runOne();
    },
  };
}
