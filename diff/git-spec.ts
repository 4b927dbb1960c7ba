import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { load as parseYaml } from 'js-yaml';
import { describeReadError } from '../kit/files/describe-read-error';

export class SpecDiffError extends Error {
  override readonly name = 'SpecDiffError';
}

function git(cwd: string, args: readonly string[]): string {
  return execFileSync('git', [...args], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
}

function gitError(err: unknown): string {
  const stderr = (err as { stderr?: unknown }).stderr;
  return (
    (typeof stderr === 'string' && stderr.trim() !== '' ? stderr : (err as Error).message).trim().split('\n')[0] ?? ''
  );
}

/** The commit a ref names, or undefined when it names none (unknown ref, no parent, shallow history). */
export function resolveCommit(cwd: string, ref: string): string | undefined {
  try {
    return git(cwd, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).trim() || undefined;
  } catch {
    return undefined;
  }
}

export function isInsideWorkTree(cwd: string): boolean {
  try {
    return git(cwd, ['rev-parse', '--is-inside-work-tree']).trim() === 'true';
  } catch {
    return false;
  }
}

/** The top folder of the work tree `cwd` is in, or undefined outside git. */
export function repositoryRoot(cwd: string): string | undefined {
  try {
    return git(cwd, ['rev-parse', '--show-toplevel']).trim() || undefined;
  } catch {
    return undefined;
  }
}

export function isShallow(cwd: string): boolean {
  try {
    return git(cwd, ['rev-parse', '--is-shallow-repository']).trim() === 'true';
  } catch {
    return false;
  }
}

export function mergeBase(cwd: string, a: string, b: string): string | undefined {
  try {
    return git(cwd, ['merge-base', a, b]).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Commits that changed `specPath`, newest first, following the first parent (the main line). */
export function commitsTouching(cwd: string, specPath: string): string[] {
  try {
    return git(cwd, ['log', '--first-parent', '--format=%H', '--', specPath])
      .split('\n')
      .filter((line) => line !== '');
  } catch (err) {
    throw new SpecDiffError(`git log -- ${specPath} failed: ${gitError(err)}`);
  }
}

/** `info.version` of a spec's text, or undefined when the text has none or is not YAML. */
export function versionOf(text: string): string | undefined {
  try {
    const version = (parseYaml(text) as { info?: { version?: unknown } } | null)?.info?.version;
    return typeof version === 'string' ? version : undefined;
  } catch {
    return undefined;
  }
}

/** The spec's text at a commit; `specPath` is relative to `cwd`. Undefined when the file is absent there. */
export function specTextAt(cwd: string, commit: string, specPath: string): string | undefined {
  const relative = specPath.startsWith('./') || specPath.startsWith('/') ? specPath : `./${specPath}`;
  try {
    return git(cwd, ['show', `${commit}:${relative}`]);
  } catch (err) {
    const message = gitError(err);
    if (/does not exist|exists on disk, but not in/.test(message)) return undefined;
    throw new SpecDiffError(`git show ${commit}:${specPath} failed: ${message}`);
  }
}

/** A spec file's text; one that cannot be read is an error naming it and the option that gave it (exit 2). */
export function readSpecFile(cwd: string, file: string, option: '--spec' | '--base-file'): string {
  try {
    return readFileSync(path.resolve(cwd, file), 'utf8');
  } catch (err) {
    throw new SpecDiffError(`${file} (${option}): ${describeReadError(err)}`);
  }
}

/** Parses a version of the spec; a document that is not OpenAPI is an error, never an empty diff. */
export function parseSpec(text: string, label: string): unknown {
  let document: unknown;
  try {
    document = parseYaml(text);
  } catch (err) {
    throw new SpecDiffError(`${label} is not valid YAML: ${(err as Error).message.split('\n')[0] ?? ''}`);
  }
  if (
    typeof document !== 'object' ||
    document === null ||
    typeof (document as { openapi?: unknown }).openapi !== 'string'
  ) {
    throw new SpecDiffError(`${label} is not an OpenAPI document (no "openapi" field)`);
  }
  return document;
}
