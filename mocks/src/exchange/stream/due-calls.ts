/**
 * Calls made at a time on the performance.now() clock, with one timer per millisecond in which
 * something is due, shared by every paced stream in the process, instead of one per stream and
 * token. At 10,000 streams of 2 tokens a second some 20 calls fall in each millisecond. A timer of
 * its own per token is an object kept until it fires, half a second later: long enough to outlive
 * the young generation, so that 20,000 a second were promoted and later collected as old garbage.
 * Here a token costs one slot in its millisecond's list.
 *
 * A call is made at its time or after, and at most 1 ms before it when it shares its millisecond
 * with an earlier one (the timer's own clock counts whole milliseconds too); calls of one
 * millisecond are made in the order they were asked for. A call that throws does not
 * keep the others of its millisecond from being made: its error is thrown again on its own, as an
 * uncaught exception, as a throwing timer callback's would be.
 */

type Call = () => void;

/** The calls due in one millisecond; a cancelled call leaves `undefined` in its slot. */
interface Millisecond {
  readonly calls: (Call | undefined)[];
  /** Calls not cancelled: at 0 the timer is cleared, so nothing waits for calls nobody wants. */
  waiting: number;
  /**
   * The `setTimeout` its timer was set with. A test that installs fake timers (Jest, Vitest,
   * sinon) swaps the global: a millisecond asked for under the other clock may never be made
   * under this one, so it is never joined.
   */
  readonly clock: typeof setTimeout;
  readonly stop: () => void;
}

const due = new Map<number, Millisecond>();

/**
 * Makes `call` at `at` (performance.now() ms) or just after; or a moment before, as node's timers
 * count from the event loop's clock, which may run a little behind performance.now().
 */
export function callAt(at: number, call: Call): void {
  const ms = Math.ceil(at);
  const known = due.get(ms);
  if (known !== undefined && known.clock === setTimeout) {
    known.calls.push(call);
    known.waiting++;
    return;
  }
  const clock = setTimeout;
  const calls: (Call | undefined)[] = [call];
  // Timed from the first call's `at`: a later call of the same millisecond comes at most 1 ms early.
  const timer = clock(() => callDue(ms, millisecond), Math.max(1, Math.ceil(at - performance.now())));
  const clear = clearTimeout;
  const millisecond: Millisecond = { calls, waiting: 1, clock, stop: () => clear(timer) };
  due.set(ms, millisecond);
}

/** Takes back a call asked for with callAt(at, call) and not made yet; nothing if it was made. */
export function cancelCall(at: number, call: Call): void {
  const ms = Math.ceil(at);
  const millisecond = due.get(ms);
  if (millisecond === undefined) return;
  const index = millisecond.calls.indexOf(call);
  if (index === -1) return;
  millisecond.calls[index] = undefined;
  if (--millisecond.waiting > 0) return;
  millisecond.stop();
  due.delete(ms);
}

function callDue(ms: number, millisecond: Millisecond): void {
  if (due.get(ms) === millisecond) due.delete(ms);
  for (const call of millisecond.calls) {
    if (call === undefined) continue;
    try {
      call();
    } catch (error) {
      queueMicrotask(() => {
        throw error;
      });
    }
  }
}
