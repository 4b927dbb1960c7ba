/**
 * Whether the mock runs on Node (its server, a fetch handler, msw's setupServer, jsdom included)
 * rather than in a browser page or a worker: the one place the runtime-neutral code asks. Read
 * through `globalThis`, as a page has no `process` (nor does a bundler add one).
 */
export function runsOnNode(): boolean {
  return typeof (globalThis as { process?: { versions?: { node?: unknown } } }).process?.versions?.node === 'string';
}
