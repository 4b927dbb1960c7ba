/**
 * `node --require ./scripts/hold-stop-signals.cjs --import tsx cli/...`: the repository's npm
 * scripts of long commands load this first, so that a SIGINT or SIGTERM that comes while tsx and
 * the command are still loading is kept (cli/stop-signal.ts takes it over) rather than ending
 * node at once, without the command's report.
 */
const { isMainThread } = require('node:worker_threads');

// Loaded in tsx's loader thread too, where there is nothing to hold: signals reach the main thread.
if (isMainThread) holdEarly();

function holdEarly() {
  const hold = (globalThis[Symbol.for('model-gateway-mock.stop-signals')] ??= {});
  hold.early = [];
  const listeners = ['SIGINT', 'SIGTERM'].map((signal) => {
    const listener = () => hold.early.push(signal);
    process.on(signal, listener);
    return [signal, listener];
  });
  hold.release = () => {
    for (const [signal, listener] of listeners) process.off(signal, listener);
  };
}
