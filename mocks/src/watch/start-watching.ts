import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { MockServer } from '../runtimes/node/server';
import type { ReloadableMock } from './reloadable-mock';
import { watchFiles } from './watch-files';
import type { FileWatcher } from './watch-files';

export type WatchEvent =
  | { readonly kind: 'reloaded'; readonly files: readonly string[]; readonly ms: number; readonly mock: MockServer }
  | { readonly kind: 'rejected'; readonly files: readonly string[]; readonly reason: string }
  | { readonly kind: 'restored'; readonly files: readonly string[] };

export interface WatchInit {
  readonly mock: ReloadableMock;
  /** The spec and the fixtures file the mock was built from. */
  readonly files: readonly string[];
  /** Builds a fresh mock from the files as they are now; throws with the reason when they are invalid. */
  readonly build: () => MockServer;
  readonly report: (event: WatchEvent) => void;
  /**
   * Called after a burst of file events that leaves nothing to report: the files hold what is
   * served, or the same invalid content as last reported. Lets a caller (a test) know the save was
   * looked at, without waiting a while and guessing.
   */
  readonly quiet?: (files: readonly string[]) => void;
  readonly debounceMs?: number;
}

/**
 * `--watch`: rebuilds the mock when the spec or the fixtures change. An invalid change leaves
 * the previous mock serving and reports why; saving without a change (or events that carry
 * none) does not reset the mock's state.
 */
export function startWatching(init: WatchInit): FileWatcher {
  let served = fingerprint(init.files);
  let lastRejected: string | undefined;
  return watchFiles(
    init.files,
    (changed) => {
      const now = fingerprint(init.files);
      const shown = changed.map((file) => path.relative(process.cwd(), file) || file);
      if (now === served) {
        if (lastRejected !== undefined) init.report({ kind: 'restored', files: shown });
        else init.quiet?.(shown);
        lastRejected = undefined;
        return;
      }
      if (now === lastRejected) {
        init.quiet?.(shown); // the same invalid content again: already reported
        return;
      }
      const outcome = init.mock.reload(init.build);
      if (outcome.ok) {
        served = now;
        lastRejected = undefined;
        init.report({ kind: 'reloaded', files: shown, ms: outcome.ms, mock: outcome.mock });
      } else {
        lastRejected = now;
        init.report({ kind: 'rejected', files: shown, reason: outcome.reason });
      }
    },
    {
      debounceMs: init.debounceMs,
      onError: (err) => init.report({ kind: 'rejected', files: init.files, reason: `cannot watch: ${err.message}` }),
    },
  );
}

/** What the console says about a watch event. */
export function describeWatchEvent(event: WatchEvent): string {
  const files = event.files.join(', ');
  switch (event.kind) {
    case 'reloaded': {
      const { fixtures } = event.mock.store;
      return (
        `watch: ${files} changed: reloaded in ${event.ms} ms (spec ${String((event.mock.contract.document.info as { version?: unknown } | undefined)?.version ?? '?')}, ` +
        `${fixtures.models.length} models); state reset to the fixtures`
      );
    }
    case 'rejected':
      // The same lines a start-up with these files prints, one per problem.
      return event.reason
        .split('\n')
        .map((line) => `watch: not reloaded, the previous version keeps serving: ${line}`)
        .join('\n');
    case 'restored':
      return `watch: ${files} back to the version being served`;
  }
}

/** Content hash of the watched files; a missing file (mid-rename) hashes as missing. */
function fingerprint(files: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of files) {
    try {
      hash.update(readFileSync(file));
    } catch {
      hash.update(`missing ${file}`);
    }
    hash.update('\0');
  }
  return hash.digest('hex');
}
