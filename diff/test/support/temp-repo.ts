import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dump as stringify } from 'js-yaml';

/** A throw-away git repository holding spec/openapi.yaml, for the spec:diff and version checks. */
export interface TempRepo {
  readonly dir: string;
  writeSpec(document: unknown): void;
  writeSpecText(text: string): void;
  commit(message: string): void;
  git(...args: string[]): string;
  remove(): void;
}

export function createTempRepo(): TempRepo {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'spec-diff-'));
  const git = (...args: string[]): string =>
    execFileSync(
      'git',
      ['-c', 'user.name=Spec Author', '-c', 'user.email=author@example.test', '-c', 'commit.gpgsign=false', ...args],
      {
        cwd: dir,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
  git('init', '-q', '-b', 'main');
  mkdirSync(path.join(dir, 'spec'));
  return {
    dir,
    git,
    writeSpec(document) {
      writeFileSync(path.join(dir, 'spec', 'openapi.yaml'), stringify(document));
    },
    writeSpecText(text) {
      writeFileSync(path.join(dir, 'spec', 'openapi.yaml'), text);
    },
    commit(message) {
      git('add', '-A');
      git('commit', '-q', '--allow-empty', '-m', message);
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Collects what a run prints. */
export function captureIo(cwd: string): {
  io: { cwd: string; out: (text: string) => void; err: (text: string) => void };
  out: string[];
  err: string[];
} {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { cwd, out: (text) => out.push(text), err: (text) => err.push(text) }, out, err };
}
