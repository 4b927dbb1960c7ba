/** Resolves with the name of the first SIGINT or SIGTERM the process receives. */
export function untilStopSignal(): Promise<'SIGINT' | 'SIGTERM'> {
  return new Promise((resolve) => {
    const stop = (signal: 'SIGINT' | 'SIGTERM'): void => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      resolve(signal);
    };
    const onInt = (): void => stop('SIGINT');
    const onTerm = (): void => stop('SIGTERM');
    process.once('SIGINT', onInt);
    process.once('SIGTERM', onTerm);
  });
}
