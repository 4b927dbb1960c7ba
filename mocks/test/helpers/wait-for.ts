/** Polls `check` until it holds; the bound only turns a condition that never comes into a clear failure. */
export function waitFor(check: () => boolean, ms = 5_000): Promise<void> {
  const until = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const tick = (): void => {
      if (check()) resolve();
      else if (Date.now() > until) reject(new Error('condition not met in time'));
      else setTimeout(tick, 5);
    };
    tick();
  });
}
