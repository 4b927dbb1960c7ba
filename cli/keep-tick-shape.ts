import { executionAsyncResource } from 'node:async_hooks';

/** One of node's `process.nextTick` entries, held for as long as the process runs. */
let kept: object | undefined;

/**
 * Keeps one of node's `process.nextTick` entries alive, and with it the shape V8 gave them.
 *
 * Once the mock has been idle for some seconds, V8's memory reducer runs full GCs. With no such
 * entry alive (an idle process has none queued), the GC lets their shape go, and the optimized
 * code of node's streams, which makes an entry at every write and read, then makes each one
 * through calls into V8's runtime: a GET cost some 30% more CPU for as long as the process ran
 * (docs/performance.md, "A mock that was idle"). One entry kept alive keeps the shape: the calls
 * into the runtime took 4.3-4.7% of a GET profile after 12 s idle without it, 0% with it, as with
 * the memory reducer turned off on node's command line, which the installed bin cannot do.
 *
 * A process setting: the command calls it once for the mock and the proxy alike (mock-main.ts); a
 * mock made in someone else's process leaves their process alone. Resolves to the entry kept (the same one at every call).
 */
export function keepTickShape(): Promise<object> {
  return new Promise((resolve) => {
    // Inside a nextTick callback, the resource of the current execution is the entry itself.
    process.nextTick(() => {
      kept ??= executionAsyncResource();
      resolve(kept);
    });
  });
}
