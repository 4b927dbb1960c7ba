import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { countBySeverity, diffSpecs } from './diff-specs';
import { formatChangeLine, summary } from './format-report';
import { AUDIENCES } from './types';
import type { Audience, SpecDiffResult } from './types';
import { audienceLabel, breaksGuarded, parseAudience } from './audience-option';
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
import { ACCEPTED_FILE, applyAccepted, readAccepted } from './accepted-changes';
import type { AcceptedChange } from './accepted-changes';

export const CHECK_USAGE = `Usage: npm run spec:check-version [-- --base REF] [--spec FILE] [--accepted FILE] [--audience WHO]

Fails (exit 1) when spec/openapi.yaml (as in the working tree) has a change that breaks (or, not
classified, may break) an audience it guards, without a major bump of info.version and not accepted with a reason in
--accepted FILE (default ${ACCEPTED_FILE}; see docs/spec-authors.md). It compares with the previous version of the spec: the last commit
where info.version was something else, or, if the version never changed, the first commit of the
spec; so every breaking change since the last version counts, however many commits it took.
--base REF (or env SPEC_BASE_REF) compares with the merge base with REF instead. Outside git, or
before the spec is committed, the check is skipped with the reason printed. Exit 2 on a usage or
input error.

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
 * `head` starts the message (`spec:check-version: spec/openapi.yaml against …`). Code 0 passes, 1 fails.
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
        'Details: npm run spec:diff -- <base ref>; the rules are in docs/spec-authors.md.',
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
        accepted: { type: 'string', default: ACCEPTED_FILE },
        audience: { type: 'string', default: 'both' },
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
  let audiences: readonly Audience[];
  try {
    audiences = parseAudience(values.audience);
  } catch (err) {
    io.err(`spec:check-version: ${(err as Error).message}\n\n${CHECK_USAGE}`);
    return 2;
  }
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
    const verdict = judgeVersion(diffSpecs(before, after), `spec:check-version: ${specPath} against ${baseLabel}`, {
      accepted: readAccepted(io.cwd, values.accepted),
      audiences,
      fromPreviousVersion: requested === undefined,
    });
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
