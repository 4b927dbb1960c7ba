export type StopSignal = 'SIGINT' | 'SIGTERM';

/**
 * Where the process keeps the signals it got, on globalThis: the built commands are bundles, each
 * with its own copy of this file, and the repository's npm scripts record signals before tsx has
 * loaded anything (scripts/hold-stop-signals.cjs, which fills `early`).
 */
const HELD = Symbol.for('model-gateway-mock.stop-signals');

interface Held {
  first?: StopSignal;
  readonly waiting: Array<(signal: StopSignal) => void>;
  readonly again: Array<(signal: StopSignal) => void>;
}

interface EarlyHold {
  /** Signals got before this file was loaded. */
  readonly early?: StopSignal[];
  /** Stops the early listeners: from then on, this file's listeners take every signal. */
  readonly release?: () => void;
  held?: Held;
}

function held(): Held {
  const store = globalThis as { [HELD]?: EarlyHold };
  const hold = (store[HELD] ??= {});
  if (hold.held) return hold.held;
  const state: Held = { waiting: [], again: [] };
  const on = (signal: StopSignal) => (): void => {
    if (state.first === undefined) {
      state.first = signal;
      for (const resolve of state.waiting.splice(0)) resolve(signal);
    } else for (const again of state.again) again(signal);
  };
  process.on('SIGINT', on('SIGINT'));
  process.on('SIGTERM', on('SIGTERM'));
  hold.release?.();
  for (const signal of hold.early ?? []) on(signal)();
  hold.held = state;
  return state;
}

/**
 * Listens from now on: a SIGINT or SIGTERM that comes while the command is still loading (seconds
 * on a busy machine) is kept for untilStopSignal, instead of ending the process without its report.
 */
export function holdStopSignals(): void {
  held();
}

/**
 * Resolves with the name of the first SIGINT or SIGTERM the process receives (at once when one
 * came since holdStopSignals), and keeps listening: a terminal's Ctrl-C or a CI runner's cancel
 * signals the whole process group, and a parent such as npm passes the same signal on to its
 * child once more. Node's default for that second signal would end the process before it wrote
 * its reports, so every later signal goes to `again` instead, and the shutdown the first one
 * began runs to its end.
 */
export function untilStopSignal(again: (signal: StopSignal) => void = () => undefined): Promise<StopSignal> {
  const state = held();
  state.again.push(again);
  const first = state.first;
  return first !== undefined ? Promise.resolve(first) : new Promise((resolve) => state.waiting.push(resolve));
}
