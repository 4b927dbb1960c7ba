import { watch } from 'node:fs';
import type { FSWatcher } from 'node:fs';
import path from 'node:path';

export interface FileWatcher {
  close(): void;
}

export interface WatchFilesOptions {
  /** Quiet time after the last event before `onChange` runs; editors write a file in bursts. */
  readonly debounceMs?: number;
  readonly onError?: (err: Error) => void;
}

/**
 * Calls `onChange` with the files that changed, once per burst of events. Watches the files'
 * directories rather than the files: editors often save by writing a new file and renaming it
 * over the old one, which a watch on the old file would miss.
 */
export function watchFiles(
  files: readonly string[],
  onChange: (changed: string[]) => void,
  options: WatchFilesOptions = {},
): FileWatcher {
  const debounceMs = options.debounceMs ?? 150;
  const byDirectory = new Map<string, Map<string, string>>();
  for (const file of files.map((f) => path.resolve(f))) {
    const dir = path.dirname(file);
    const names = byDirectory.get(dir) ?? new Map<string, string>();
    names.set(path.basename(file), file);
    byDirectory.set(dir, names);
  }
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const flush = (): void => {
    timer = undefined;
    const changed = [...pending];
    pending.clear();
    if (changed.length > 0) onChange(changed);
  };
  const watchers: FSWatcher[] = [];
  for (const [dir, names] of byDirectory) {
    const watcher = watch(dir, { persistent: true }, (_event, filename) => {
      const file = filename === null ? undefined : names.get(filename.toString());
      if (file === undefined) return;
      pending.add(file);
      if (timer) clearTimeout(timer);
      timer = setTimeout(flush, debounceMs);
    });
    watcher.on('error', (err) => options.onError?.(err));
    watchers.push(watcher);
  }
  return {
    close() {
      if (timer) clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
    },
  };
}
