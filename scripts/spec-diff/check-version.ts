import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { countBySeverity, diffSpecs } from './diff-specs';
import { formatChangeLine, summary } from './format-report';
import type { SpecDiffResult } from './types';
import {
  commitsTouching,
  isInsideWorkTree,
  isShallow,
  mergeBase,
  parseSpec,
  resolveCommit,
  SpecDiffError,
  specTextAt,
  versionOf,
} from './git-spec';
import type { RunIo } from './run-spec-diff';
import { nextMajor, parseVersion } from './semver';

export const CHECK_USAGE = `Usage: npm run spec:check-version [-- --base REF] [--spec FILE]

Fails (exit 1) when spec/openapi.yaml (as in the working tree) has a breaking change without a
major bump of info.version. It compares with the previous version of the spec: the last commit
where info.version was something else, or, if the version never changed, the first commit of the
spec; so every breaking change since the last version counts, however many commits it took.
--base REF (or env SPEC_BASE_REF) compares with the merge base with REF instead. Outside git, or
before the spec is committed, the check is skipped with the reason printed. Exit 2 on a usage or
input error.`;

/** Where the comparison starts, and how the report names it. */
interface Base {
  readonly commit: string;
  readonly label: string;
}

/**
 * The spec as it last was under another info.version (the previous version), walking the spec's
 * history on the main line; the oldest commit of the spec when the version never changed.
 * A string is the reason there is nothing to compare with.
 */
function previousVersion(cwd: string, specPath: string, headVersion: string | undefined): Base | string {
  const commits = commitsTouching(cwd, specPath);
  const oldest = commits[commits.length - 1];
  if (!oldest) return `${specPath} has no commit yet, so there is no earlier version to compare with`;
  for (const commit of commits) {
    const version = versionOf(specTextAt(cwd, commit, specPath) ?? '');
    if (version !== headVersion) return { commit, label: `the last commit with info.version ${version ?? '(none)'}` };
  }
  return {
    commit: oldest,
    label: isShallow(cwd) ? 'the oldest commit of the spec in this shallow clone' : 'the first commit of the spec',
  };
}

/**
 * The rule: a breaking change needs a major bump of info.version. `head` starts the message
 * (`spec:check-version: spec/openapi.yaml against …`). Code 0 passes, 1 fails.
 */
export function judgeVersion(result: SpecDiffResult, head: string): { code: 0 | 1; text: string } {
  const breaking = result.changes.filter((change) => change.severity === 'breaking');
  const versions = `info.version ${result.baseVersion ?? '?'} → ${result.headVersion ?? '?'}`;
  if (breaking.length === 0) {
    return { code: 0, text: `${head}: no breaking change; ${summary(countBySeverity(result.changes))} ${versions}.` };
  }
  const baseVersion = parseVersion(result.baseVersion);
  const headVersion = parseVersion(result.headVersion);
  if (!headVersion) {
    return {
      code: 1,
      text: `${head}: info.version "${result.headVersion ?? ''}" is not a semantic version (MAJOR.MINOR.PATCH).`,
    };
  }
  if (baseVersion && headVersion.major > baseVersion.major) {
    return {
      code: 0,
      text: `${head}: ${breaking.length} breaking change(s), released as a new major version (${versions}).`,
    };
  }
  const wanted = baseVersion ? nextMajor(baseVersion) : 'a new major version';
  return {
    code: 1,
    text: [
      `${head}: ${breaking.length} breaking change(s) without a major bump of info.version (${versions}):`,
      ...breaking.map((change) => `  ${formatChangeLine(change)}`),
      `Either undo them, or set info.version to ${wanted} (a major release of the contract).`,
      'Details: npm run spec:diff -- <base ref>; the rules are in docs/spec-authors.md.',
    ].join('\n'),
  };
}

/** The check `npm test` runs: a breaking change to the contract must come with a new major version. */
export function runCheckVersion(argv: readonly string[], io: RunIo, env: NodeJS.ProcessEnv = process.env): number {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        base: { type: 'string' },
        spec: { type: 'string', default: 'spec/openapi.yaml' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (err) {
    io.err(`spec:check-version: ${(err as Error).message}\n\n${CHECK_USAGE}`);
    return 2;
  }
  if (values.help) {
    io.out(CHECK_USAGE);
    return 0;
  }
  const specPath = values.spec;
  const skip = (reason: string): number => {
    io.out(`spec:check-version: skipped: ${reason}`);
    return 0;
  };
  try {
    if (!isInsideWorkTree(io.cwd))
      return skip('not inside a git work tree, so there is no earlier version to compare with');
    const requested = values.base ?? (env.SPEC_BASE_REF || undefined);
    const headText = readFileSync(path.resolve(io.cwd, specPath), 'utf8');
    let base: Base;
    if (requested !== undefined) {
      if (!resolveCommit(io.cwd, requested))
        throw new SpecDiffError(
          `unknown git ref "${requested}" (from ${values.base !== undefined ? '--base' : 'SPEC_BASE_REF'})`,
        );
      const commit = mergeBase(io.cwd, 'HEAD', requested);
      if (!commit) return skip(`HEAD and ${requested} share no history`);
      base = { commit, label: `merge base with ${requested}` };
    } else {
      const found = previousVersion(io.cwd, specPath, versionOf(headText));
      if (typeof found === 'string') return skip(found);
      base = found;
    }
    const baseLabel = `${base.label} (${base.commit.slice(0, 10)})`;
    const baseText = specTextAt(io.cwd, base.commit, specPath);
    if (baseText === undefined) return skip(`${specPath} is new since ${baseLabel}`);
    const before = parseSpec(baseText, `${specPath} at ${baseLabel}`);
    const after = parseSpec(headText, specPath);
    const verdict = judgeVersion(diffSpecs(before, after), `spec:check-version: ${specPath} against ${baseLabel}`);
    if (verdict.code === 0) io.out(verdict.text);
    else io.err(verdict.text);
    return verdict.code;
  } catch (err) {
    if (err instanceof SpecDiffError || (err as NodeJS.ErrnoException).code === 'ENOENT') {
      io.err(`spec:check-version: ${(err as Error).message}`);
      return 2;
    }
    throw err;
  }
}
