import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SPEC_PATH } from '../../../kit/contract/contract';
import { builtinFixturesPath } from '../../src/fixture-loading/fixtures-paths';
import type { MockOptions } from '../../src/core/options';
import { loadMockFromFiles } from '../../src/watch/load-mock-from-files';
import { ReloadableMock } from '../../src/watch/reloadable-mock';
import { startWatching } from '../../src/watch/start-watching';
import type { WatchEvent } from '../../src/watch/start-watching';
import type { FileWatcher } from '../../src/watch/watch-files';

/** A mock started as `npm start -- --watch` does, on copies of the spec and fixtures in a temp dir. */
export interface WatchedMock {
  readonly dir: string;
  readonly specPath: string;
  readonly fixturesPath: string;
  readonly origin: string;
  readonly mock: ReloadableMock;
  readonly events: WatchEvent[];
  /** Resolves with the next watch event (or one already waiting); rejects if none comes within `ms`. */
  nextEvent(ms?: number): Promise<WatchEvent>;
  /** Resolves when the watcher next looks at a save that leaves nothing to report (see WatchInit.quiet). */
  nextQuiet(ms?: number): Promise<readonly string[]>;
  stop(): Promise<void>;
}

export async function startWatchedMock(options: Partial<MockOptions> = {}): Promise<WatchedMock> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mock-watch-'));
  const specPath = path.join(dir, 'openapi.yaml');
  const fixturesPath = path.join(dir, 'fixtures.json');
  copyFileSync(SPEC_PATH, specPath);
  copyFileSync(builtinFixturesPath(), fixturesPath);
  const build = () =>
    loadMockFromFiles({ specPath, fixturesPath, options, docsHtmlPath: path.join(dir, 'docs', 'index.html') });
  const mock = new ReloadableMock(build());
  const baseUrl = await mock.listen(0);
  const events = signalQueue<WatchEvent>('watch event');
  const quiet = signalQueue<readonly string[]>('quiet save');
  const watcher: FileWatcher = startWatching({
    mock,
    files: [specPath, fixturesPath],
    build,
    debounceMs: 40,
    report: events.push,
    quiet: quiet.push,
  });
  return {
    dir,
    specPath,
    fixturesPath,
    mock,
    events: events.all,
    origin: new URL(baseUrl).origin,
    nextEvent: events.next,
    nextQuiet: quiet.next,
    async stop() {
      watcher.close();
      await mock.close(200);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const AUTH = { authorization: 'Bearer sk-mock-user' };

/**
 * Values a callback delivers, taken one at a time: `next` resolves with the oldest one not yet
 * taken, or waits for the next to arrive. The bound only turns a signal that never comes into a
 * clear failure: a test that passes never waits for it.
 */
function signalQueue<T>(what: string) {
  const all: T[] = [];
  let taken = 0;
  const waiters: Array<() => void> = [];
  return {
    all,
    push: (value: T): void => {
      all.push(value);
      waiters.splice(0).forEach((wake) => wake());
    },
    next: (ms = 8_000): Promise<T> =>
      new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms);
        const check = (): void => {
          if (taken < all.length) {
            clearTimeout(timer);
            resolve(all[taken++] as T);
          } else {
            waiters.push(check);
          }
        };
        check();
      }),
  };
}
