import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { countBySeverity, diffSpecs } from './diff-specs';
import { formatChangeLine, summary } from './format-report';
import { AUDIENCES } from './types';
import type { Audience, SpecDiffResult } from './types';
import { audienceLabel, breaksGuarded, parseAudience } from './audience-option';
import {
  commitsTouching,
  isShallow,
  mergeBase,
  parseSpec,
  readSpecFile,
  repositoryRoot,
  resolveCommit,
  SpecDiffError,
  specTextAt,
  versionOf,
} from './git-spec';
import type { RunIo } from './run-spec-diff';
import { nextMajor, parseVersion } from './semver';
import { ACCEPTED_FILE, applyAccepted, readAccepted } from './accepted-changes';
import type { AcceptedChange } from './accepted-changes';

export const CHECK_USAGE = `Usage: model-gateway check-version [--spec FILE] [--base REF | --base-file FILE] [--accepted FILE]
       (in the repository: npm run spec:check-version -- [options])

Fails (exit 1) when the spec (default spec/openapi.yaml, as in the working tree) has a breaking
change, or a change the diff cannot classify, without a major bump of info.version and not
accepted with a reason in --accepted FILE (default ${ACCEPTED_FILE} when it exists; see
docs/spec-authors.md).
  --base-file FILE  compare with FILE, the spec as last released (no git needed)
  --base REF        compare with the spec at the merge base with the git REF (or env SPEC_BASE_REF)
Without either, it compares with the previous version of the spec in the git repository that
holds it: the last commit where info.version was something else, or, if the version never
changed, the first commit of the spec; so every breaking change since the last version counts,
however many commits it took. A spec it cannot compare (outside git, not committed yet, absent
at the base) is an error naming what to pass, never a pass. Exit 2 on a usage or input error.

  --audience WHO   clients, gateways or both (default both): the audiences the gate guards.
                   Requests: clients send, gateways accept; responses: gateways send, clients accept.`;

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
 * The rule: a breaking change, or a change the tool cannot classify, needs a major bump of
 * info.version, unless the repository accepted it with a reason (accepted-changes.ts). An
 * unclassified change stops the gate because nobody has shown that it breaks nothing.
 * `head` starts the message (`model-gateway check-version: spec/openapi.yaml against …`). Code 0 passes, 1 fails.
 */
export interface JudgeOptions {
  /** The accepted changes (accepted-changes.ts). */
  readonly accepted?: readonly AcceptedChange[];
  /** The audiences the gate guards (`--audience`); both by default. */
  readonly audiences?: readonly Audience[];
  /**
   * Whether the comparison starts at the previous version, the base the accepted list is kept
   * against: only then is an entry that matches no change stale. Against another base (HEAD, a
   * merge base) an entry may simply be older than the base, and saying "remove it" would be wrong.
   */
  readonly fromPreviousVersion?: boolean;
}

export function judgeVersion(
  result: SpecDiffResult,
  head: string,
  { accepted = [], audiences = AUDIENCES, fromPreviousVersion = false }: JudgeOptions = {},
): { code: 0 | 1; text: string } {
  const gated = result.changes.filter((change) => breaksGuarded(change, audiences));
  const unguarded = result.changes.filter(
    (change) => (change.severity === 'breaking' || change.severity === 'unclassified') && !gated.includes(change),
  );
  const { open, acceptedChanges } = applyAccepted(gated, accepted);
  // An entry for a change that breaks only an audience not guarded is still in use.
  const { unused } = applyAccepted([...gated, ...unguarded], accepted);
  const notes = [
    ...acceptedChanges.map(
      ([change, entry]) => `  accepted: ${formatChangeLine(change)}
      because: ${entry.reason}`,
    ),
    ...(unguarded.length > 0
      ? [
          `  not guarded: ${unguarded.length} change(s) break only ${audienceLabel(AUDIENCES.filter((audience) => !audiences.includes(audience)))} (--audience ${audiences.length === 1 ? audiences[0] : 'both'})`,
        ]
      : []),
    ...(fromPreviousVersion ? unused : []).map(
      (entry) =>
        `  note: accepted change no longer found (remove it from ${ACCEPTED_FILE}): ${entry.pointer} ${entry.what}`,
    ),
  ];
  const withNotes = (text: string): string => [text, ...notes].join('\n');
  const versions = `info.version ${result.baseVersion ?? '?'} → ${result.headVersion ?? '?'}`;
  const counts = `${summary(countBySeverity(result.changes))} ${versions}`;
  if (open.length === 0) {
    const said = acceptedChanges.length > 0 ? ` but ${acceptedChanges.length} accepted (listed below)` : '';
    return { code: 0, text: withNotes(`${head}: no breaking change${said}; ${counts}.`) };
  }
  const baseVersion = parseVersion(result.baseVersion);
  const headVersion = parseVersion(result.headVersion);
  if (!headVersion) {
    return {
      code: 1,
      text: `${head}: info.version "${result.headVersion ?? ''}" is not a semantic version (MAJOR.MINOR.PATCH).`,
    };
  }
  const breaking = open.filter((change) => change.severity === 'breaking').length;
  const unclassified = open.length - breaking;
  const counted =
    unclassified === 0
      ? `${breaking} breaking change(s)`
      : breaking === 0
        ? `${unclassified} unclassified change(s)`
        : `${breaking} breaking and ${unclassified} unclassified change(s)`;
  const guarded = `; guarding ${audienceLabel(audiences)}`;
  if (baseVersion && headVersion.major > baseVersion.major) {
    return {
      code: 0,
      text: withNotes(`${head}: ${counted}, released as a new major version (${versions})${guarded}.`),
    };
  }
  const wanted = baseVersion ? nextMajor(baseVersion) : 'a new major version';
  return {
    code: 1,
    text: withNotes(
      [
        `${head}: ${counted} without a major bump of info.version (${versions})${guarded}:`,
        ...open.map((change) => `  ${formatChangeLine(change)}`),
        `Either undo them, or set info.version to ${wanted} (a major release of the contract),`,
        `or, for a change reviewed as breaking nobody it is said to (an unclassified one, or a rule the server`,
        `already enforced with a 400), add it with the reason to ${ACCEPTED_FILE};`,
        `a gate that guards one audience only takes --audience clients or --audience gateways.`,
        'Details: model-gateway diff <base ref> (or --base-file FILE); the rules are in docs/spec-authors.md.',
      ].join('\n'),
    ),
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
        'base-file': { type: 'string' },
        accepted: { type: 'string' },
        audience: { type: 'string', default: 'both' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (err) {
    io.err(`model-gateway check-version: ${(err as Error).message}\n\n${CHECK_USAGE}`);
    return 2;
  }
  if (values.help) {
    io.out(CHECK_USAGE);
    return 0;
  }
  const specPath = values.spec;
  let audiences: readonly Audience[];
  try {
    audiences = parseAudience(values.audience);
  } catch (err) {
    io.err(`model-gateway check-version: ${(err as Error).message}\n\n${CHECK_USAGE}`);
    return 2;
  }
  try {
    const headText = readSpecFile(io.cwd, specPath, '--spec');
    // The default file is optional; one the user names must be there, or a typo would go unnoticed.
    if (values.accepted !== undefined && !existsSync(path.resolve(io.cwd, values.accepted)))
      throw new SpecDiffError(`${values.accepted} (--accepted): no such file`);
    const requested = values.base ?? (env.SPEC_BASE_REF || undefined);
    if (values['base-file'] !== undefined && values.base !== undefined)
      throw new SpecDiffError('give --base REF or --base-file FILE, not both');
    const found =
      values['base-file'] !== undefined
        ? { text: readSpecFile(io.cwd, values['base-file'], '--base-file'), label: values['base-file'] }
        : baseFromGit(io.cwd, specPath, requested, values.base !== undefined ? '--base' : 'SPEC_BASE_REF', headText);
    const { text: baseText, label: baseLabel } = found;
    const before = parseSpec(baseText, values['base-file'] ?? `${specPath} at ${baseLabel}`);
    const after = parseSpec(headText, specPath);
    const verdict = judgeVersion(
      diffSpecs(before, after),
      `model-gateway check-version: ${specPath} against ${baseLabel}`,
      {
        accepted: readAccepted(io.cwd, values.accepted ?? ACCEPTED_FILE),
        audiences,
        fromPreviousVersion: requested === undefined && values['base-file'] === undefined,
      },
    );
    if (verdict.code === 0) io.out(verdict.text);
    else io.err(verdict.text);
    return verdict.code;
  } catch (err) {
    if (err instanceof SpecDiffError || (err as NodeJS.ErrnoException).code === 'ENOENT') {
      io.err(`model-gateway check-version: ${(err as Error).message}`);
      return 2;
    }
    throw err;
  }
}

/** Tells what to pass when the spec has no earlier version in git to compare with. */
const PASS_A_BASE = 'pass --base-file FILE (the spec as last released)';

/**
 * The spec's earlier version from the git repository that holds it (found from the spec's own
 * folder, so a spec in another repository than the working folder is compared with its own
 * history): the merge base with `requested`, or the previous version.
 */
function baseFromGit(
  cwd: string,
  specPath: string,
  requested: string | undefined,
  from: string,
  headText: string,
): { text: string; label: string } {
  // git names the work tree by its real path.
  const specFile = realpathSync(path.resolve(cwd, specPath));
  const root = repositoryRoot(path.dirname(specFile));
  if (root === undefined)
    throw new SpecDiffError(`${specPath} is not in a git work tree, so it has no earlier version here: ${PASS_A_BASE}`);
  const inRepo = path.relative(root, specFile);
  let base: Base;
  if (requested !== undefined) {
    if (!resolveCommit(root, requested)) throw new SpecDiffError(`unknown git ref "${requested}" (from ${from})`);
    const commit = mergeBase(root, 'HEAD', requested);
    if (!commit)
      throw new SpecDiffError(`HEAD and ${requested} share no history: ${PASS_A_BASE}, or another --base REF`);
    base = { commit, label: `merge base with ${requested}` };
  } else {
    const found = previousVersion(root, inRepo, versionOf(headText));
    if (typeof found === 'string') throw new SpecDiffError(`${found}: commit it, or ${PASS_A_BASE}`);
    base = found;
  }
  const label = `${base.label} (${base.commit.slice(0, 10)})`;
  const text = specTextAt(root, base.commit, inRepo);
  if (text === undefined)
    throw new SpecDiffError(`${specPath} does not exist at ${label}: ${PASS_A_BASE}, or a --base REF where it exists`);
  return { text, label };
}
