import { existsSync, readFileSync } from 'node:fs';
import { isRecord } from '../../kit/json/guards';
import { ConfigError } from '../config/config-error';
import type { Failure } from '../engine/types';
import { causeOf } from '../engine/failure-cause';
import { rootCauses } from './root-causes';
import { writeFileAtomic } from './write-file-atomic';

/** One known root cause: its cause (the grouping key) and the scenarios it was seen in. */
export interface BaselineEntry {
  readonly cause: string;
  readonly checks: readonly string[];
  readonly scenarios: readonly string[];
}

/** The file `--baseline` reads and `--baseline-update` writes. */
export interface BaselineFile {
  readonly suite: 'model-gateway-conformance';
  readonly description: string;
  readonly recordedAt: string;
  readonly target: string;
  readonly rootCauses: readonly BaselineEntry[];
}

export interface Baseline {
  readonly file: string;
  readonly entries: readonly BaselineEntry[];
  /** The failure is known: its cause is in the baseline for its scenario. */
  knows(failure: Failure): boolean;
}

/** How a run compares with its baseline. */
export interface BaselineComparison {
  readonly file: string;
  /** Root causes of this run the baseline lists. */
  readonly known: readonly string[];
  /** Root causes of this run it does not list: these fail the run. */
  readonly added: readonly string[];
  /** Root causes it lists that did not occur in any scenario of theirs that ran: fixed. */
  readonly fixed: readonly string[];
}

const DESCRIPTION =
  'Known failures of a gateway by root cause (npm run conformance -- --baseline FILE): a run reports them as known and fails only on new ones. Written by --baseline-update; edit by re-running it.';

/** Reads a baseline; a missing file is an error unless the run is to write it. */
export function readBaseline(file: string, creating: boolean): Baseline {
  if (!existsSync(file)) {
    if (creating) return baselineOf(file, []);
    throw new ConfigError(`baseline file ${file} does not exist: record one with --baseline ${file} --baseline-update`);
  }
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new ConfigError(`baseline file ${file} is not readable JSON: ${(err as Error).message}`);
  }
  const entries = isRecord(data) && Array.isArray(data.rootCauses) ? data.rootCauses : undefined;
  if (!entries || !entries.every(isEntry))
    throw new ConfigError(`baseline file ${file} has no rootCauses list of { cause, checks, scenarios }`);
  return baselineOf(file, entries);
}

function baselineOf(file: string, entries: readonly BaselineEntry[]): Baseline {
  const byCause = new Map(entries.map((e) => [e.cause, new Set(e.scenarios)]));
  return { file, entries, knows: (failure) => byCause.get(causeOf(failure))?.has(failure.scenario) === true };
}

/**
 * Known, new and fixed root causes. A listed cause counts as fixed only when a scenario it was
 * seen in ran (fully) and it occurred in none of them: a run narrowed by `--only` fixes nothing
 * it did not run.
 */
export function compareWithBaseline(
  baseline: Baseline,
  failures: readonly Failure[],
  ran: ReadonlySet<string>,
): BaselineComparison {
  const groups = rootCauses(failures);
  const now = new Set(groups.map((g) => g.cause));
  const isKnown = (cause: string) =>
    failures.filter((f) => causeOf(f) === cause && f.causedBy === undefined).every((f) => baseline.knows(f));
  return {
    file: baseline.file,
    known: groups.filter((g) => isKnown(g.cause)).map((g) => g.cause),
    added: groups.filter((g) => !isKnown(g.cause)).map((g) => g.cause),
    fixed: baseline.entries.filter((e) => !now.has(e.cause) && e.scenarios.some((s) => ran.has(s))).map((e) => e.cause),
  };
}

/**
 * The baseline after this run: every root cause it saw, with its scenarios, plus what the old
 * baseline listed for scenarios that did not run; a cause seen nowhere any more is gone.
 */
export function updatedBaseline(
  baseline: Baseline,
  failures: readonly Failure[],
  ran: ReadonlySet<string>,
  target: string,
): BaselineFile {
  const scenarios = new Map<string, { checks: Set<string>; scenarios: Set<string> }>();
  const add = (cause: string, checks: readonly string[], names: Iterable<string>) => {
    const entry = scenarios.get(cause) ?? { checks: new Set<string>(), scenarios: new Set<string>() };
    for (const c of checks) entry.checks.add(c);
    for (const s of names) entry.scenarios.add(s);
    scenarios.set(cause, entry);
  };
  for (const group of rootCauses(failures)) add(group.cause, group.checks, group.scenarios);
  for (const old of baseline.entries) {
    const notRun = old.scenarios.filter((s) => !ran.has(s));
    if (notRun.length > 0) add(old.cause, old.checks, notRun);
  }
  return {
    suite: 'model-gateway-conformance',
    description: DESCRIPTION,
    recordedAt: new Date().toISOString(),
    target,
    rootCauses: [...scenarios]
      .map(([cause, e]) => ({ cause, checks: [...e.checks].sort(), scenarios: [...e.scenarios].sort() }))
      .sort((a, b) => a.cause.localeCompare(b.cause)),
  };
}

export function writeBaseline(file: string, content: BaselineFile): void {
  writeFileAtomic(file, `${JSON.stringify(content, null, 2)}\n`);
}

function isEntry(value: unknown): value is BaselineEntry {
  return (
    isRecord(value) &&
    typeof value.cause === 'string' &&
    Array.isArray(value.checks) &&
    Array.isArray(value.scenarios) &&
    value.scenarios.every((s) => typeof s === 'string')
  );
}
