import v8 from 'node:v8';

/**
 * How far V8 lets the old generation grow past what survived the last full GC, set for the
 * whole process by the CLI (a process setting: a mock made in someone else's process leaves it
 * alone). V8 reads it each time it sets the next limit, so it can change while the mock runs.
 *
 * Under request load the live heap is small and steady, and 20% keeps peak RSS near 100 MB where
 * V8's own factor (meant for a 4 GB limit) let it reach 180 MB. Thousands of open event streams
 * are another heap: large, and larger with every stream opened. At 20% V8 marks all of it again
 * each time it has grown by a fifth, ten full collections in a ramp to 10,000 streams against two
 * for a bare SSE server: about 7 µs of CPU more per event and events hundreds of ms late
 * (docs/performance.md). So while many streams are open, V8 chooses the growth itself.
 *
 * This is the request-load factor, the one the entry (cli/mock.ts) sets at start, before any of
 * the command's code is compiled.
 */
export const REQUEST_LOAD_GROWING_PERCENT = 20;
/** From this many open streams on, V8's own growing factor (the flag's 0). */
export const MANY_STREAMS = 1000;
/** Back to 20% once fewer than this are open: the gap keeps a count near the line from flipping it to and fro. */
export const FEW_STREAMS = 500;
const CHECK_EVERY_MS = 250;
const V8_DECIDES = 0;

export type SetGrowingPercent = (percent: number) => void;

export const setGrowingPercent: SetGrowingPercent = (percent) =>
  v8.setFlagsFromString(`--heap-growing-percent=${percent}`);

/**
 * Checks the number of open streams four times a second and sets the growing factor to match.
 * Returns what stops it and puts the request-load factor back: the flags at exit then equal
 * those at start, which the code cache written at exit is checked against (compile-cache.ts).
 */
export function followStreamLoad(openStreams: () => number, set: SetGrowingPercent = setGrowingPercent): () => void {
  let many = false;
  const check = (): void => {
    const open = openStreams();
    if (!many && open >= MANY_STREAMS) {
      many = true;
      set(V8_DECIDES);
    } else if (many && open < FEW_STREAMS) {
      many = false;
      set(REQUEST_LOAD_GROWING_PERCENT);
    }
  };
  const timer = setInterval(check, CHECK_EVERY_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    if (many) set(REQUEST_LOAD_GROWING_PERCENT);
    many = false;
  };
}

/**
 * The proxy's growth, for its whole life: V8's own factor. A proxy sits in front of a gateway for
 * a test run, relaying at wire speed, with its reports bounded by what they keep (docs/ci.md), not
 * by collecting more often; at 20% V8 marked its heap again and again while streams were open
 * (1,000 relayed streams: some 13% more CPU per event, and their lateness p99 up by half).
 * Returns what puts the request-load factor back, for the flags at exit (compile-cache.ts).
 */
export function letV8ChooseGrowth(set: SetGrowingPercent = setGrowingPercent): () => void {
  set(V8_DECIDES);
  let restored = false;
  return () => {
    if (restored) return;
    restored = true;
    set(REQUEST_LOAD_GROWING_PERCENT);
  };
}
