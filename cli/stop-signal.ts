export type StopSignal = 'SIGINT' | 'SIGTERM';

/**
 * Resolves with the name of the first SIGINT or SIGTERM the process receives, and keeps listening:
 * a terminal's Ctrl-C or a CI runner's cancel signals the whole process group, and a parent such
 * as npm (or tsx) passes the same signal on to its child once more. Node's default for that second
 * signal would end the process before it wrote its reports, so every later signal goes to `again`
 * instead, and the shutdown the first one began runs to its end.
 */
export function untilStopSignal(again: (signal: StopSignal) => void = () => undefined): Promise<StopSignal> {
  return new Promise((resolve) => {
    let first: StopSignal | undefined;
    const on = (signal: StopSignal) => (): void => {
      if (first === undefined) {
        first = signal;
        resolve(signal);
      } else again(signal);
    };
    process.on('SIGINT', on('SIGINT'));
    process.on('SIGTERM', on('SIGTERM'));
  });
}
