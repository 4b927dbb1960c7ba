import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SPEC_PATH } from '../../../kit/contract/contract';
import { builtinFixturesPath } from '../../src/fixtures/fixtures-paths';
import type { MockOptions } from '../../src/options';
import { buildMock } from '../../src/watch/build-mock';
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
  /** Resolves with the next watch event (or one already waiting), rejects after `ms`. */
  nextEvent(ms?: number): Promise<WatchEvent>;
  stop(): Promise<void>;
}

export async function startWatchedMock(options: Partial<MockOptions> = {}): Promise<WatchedMock> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mock-watch-'));
  const specPath = path.join(dir, 'openapi.yaml');
  const fixturesPath = path.join(dir, 'fixtures.json');
  copyFileSync(SPEC_PATH, specPath);
  copyFileSync(builtinFixturesPath(), fixturesPath);
  const build = () =>
    buildMock({ specPath, fixturesPath, options, docsHtmlPath: path.join(dir, 'docs', 'index.html') });
  const mock = new ReloadableMock(build());
  const baseUrl = await mock.listen(0);
  const events: WatchEvent[] = [];
  let seen = 0;
  const waiters: Array<() => void> = [];
  const watcher: FileWatcher = startWatching({
    mock,
    files: [specPath, fixturesPath],
    build,
    debounceMs: 40,
    report: (event) => {
      events.push(event);
      waiters.splice(0).forEach((wake) => wake());
    },
  });
  return {
    dir,
    specPath,
    fixturesPath,
    mock,
    events,
    origin: new URL(baseUrl).origin,
    nextEvent(ms = 8_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no watch event within ${ms} ms`)), ms);
        const check = (): void => {
          const event = events[seen];
          if (event) {
            seen += 1;
            clearTimeout(timer);
            resolve(event);
          } else {
            waiters.push(check);
          }
        };
        check();
      });
    },
    async stop() {
      watcher.close();
      await mock.close(200);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const AUTH = { authorization: 'Bearer sk-mock-user' };
