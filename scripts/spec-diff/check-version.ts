import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { countBySeverity, diffSpecs } from './diff-specs';
import { formatChangeLine, summary } from './format-report';
import { isInsideWorkTree, isShallow, mergeBase, parseSpec, resolveCommit, SpecDiffError, specTextAt } from './git-spec';
import type { RunIo } from './run-spec-diff';
import { nextMajor, parseVersion } from './semver';

export const CHECK_USAGE = `Usage: npm run spec:check-version [-- --base REF] [--spec FILE]

Fails (exit 1) when spec/openapi.yaml has a breaking change since the base without a major bump
of info.version. The base is the merge base with --base REF (or env SPEC_BASE_REF) when given,
else the previous commit (HEAD~1). On a first commit or a shallow clone without HEAD~1 the check
is skipped with the reason printed. Exit 2 on a usage or input error.`;

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
    if (!isInsideWorkTree(io.cwd)) return skip('not inside a git work tree, so there is no earlier version to compare with');
    const requested = values.base ?? (env.SPEC_BASE_REF || undefined);
    let baseLabel: string;
    let baseCommit: string | undefined;
    if (requested !== undefined) {
      if (!resolveCommit(io.cwd, requested)) throw new SpecDiffError(`unknown git ref "${requested}" (from ${values.base !== undefined ? '--base' : 'SPEC_BASE_REF'})`);
      baseCommit = mergeBase(io.cwd, 'HEAD', requested);
      if (!baseCommit) return skip(`HEAD and ${requested} share no history`);
      baseLabel = `merge base with ${requested}`;
    } else {
      baseCommit = resolveCommit(io.cwd, 'HEAD~1');
      if (!baseCommit) {
        return skip(isShallow(io.cwd)
          ? 'shallow clone without HEAD~1 (fetch more history, or set SPEC_BASE_REF)'
          : 'first commit: there is no previous version of the spec');
      }
      baseLabel = 'HEAD~1';
    }
    baseLabel = `${baseLabel} (${baseCommit.slice(0, 10)})`;
    const baseText = specTextAt(io.cwd, baseCommit, specPath);
    if (baseText === undefined) return skip(`${specPath} is new since ${baseLabel}`);
    const before = parseSpec(baseText, `${specPath} at ${baseLabel}`);
    const after = parseSpec(readFileSync(path.resolve(io.cwd, specPath), 'utf8'), specPath);
    const result = diffSpecs(before, after);
    const breaking = result.changes.filter((change) => change.severity === 'breaking');
    const versions = `info.version ${result.baseVersion ?? '?'} → ${result.headVersion ?? '?'}`;
    const head = `spec:check-version: ${specPath} against ${baseLabel}`;
    if (breaking.length === 0) {
      io.out(`${head}: no breaking change; ${summary(countBySeverity(result.changes))} ${versions}.`);
      return 0;
    }
    const baseVersion = parseVersion(result.baseVersion);
    const headVersion = parseVersion(result.headVersion);
    if (!headVersion) {
      io.err(`${head}: info.version "${result.headVersion ?? ''}" is not a semantic version (MAJOR.MINOR.PATCH).`);
      return 1;
    }
    if (baseVersion && headVersion.major > baseVersion.major) {
      io.out(`${head}: ${breaking.length} breaking change(s), released as a new major version (${versions}).`);
      return 0;
    }
    const wanted = baseVersion ? nextMajor(baseVersion) : 'a new major version';
    io.err([
      `${head}: ${breaking.length} breaking change(s) without a major bump of info.version (${versions}):`,
      ...breaking.map((change) => `  ${formatChangeLine(change)}`),
      `Either undo them, or set info.version to ${wanted} (a major release of the contract).`,
      'Details: npm run spec:diff -- <base ref>; the rules are in docs/spec-authors.md.',
    ].join('\n'));
    return 1;
  } catch (err) {
    if (err instanceof SpecDiffError || (err as NodeJS.ErrnoException).code === 'ENOENT') {
      io.err(`spec:check-version: ${(err as Error).message}`);
      return 2;
    }
    throw err;
  }
}
