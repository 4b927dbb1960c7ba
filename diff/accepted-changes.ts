import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SpecDiffError } from './git-spec';
import type { SpecChange } from './types';

/** Where the repository records the changes its reviewers accepted (docs/spec-authors.md). */
export const ACCEPTED_FILE = 'diff/accepted-changes.json';

/**
 * A breaking or unclassified change the reviewers judged safe, and why: most often a rule the
 * server already enforced with a 400 that the schema now states as a keyword (the old contract
 * refused those requests too, so no client that worked stops working). Matched by the change's
 * JSON pointer and its one-line description, exactly as `npm run spec:diff -- --json` prints them,
 * so any other change at the same place still stops the gate.
 */
export interface AcceptedChange {
  readonly pointer: string;
  readonly what: string;
  readonly reason: string;
}

/** The accepted changes in FILE (relative to cwd); none when the file does not exist. */
export function readAccepted(cwd: string, file: string = ACCEPTED_FILE): readonly AcceptedChange[] {
  const full = path.resolve(cwd, file);
  if (!existsSync(full)) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(full, 'utf8'));
  } catch (err) {
    throw new SpecDiffError(`${file} is not valid JSON: ${(err as Error).message}`);
  }
  const list = (parsed as { accepted?: unknown } | null)?.accepted;
  if (!Array.isArray(list)) throw new SpecDiffError(`${file} must hold {"accepted": [{pointer, what, reason}, …]}`);
  return list.map((entry: unknown, index) => {
    const { pointer, what, reason } = (entry ?? {}) as Record<string, unknown>;
    const text = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
    if (!text(pointer) || !text(what) || !text(reason))
      throw new SpecDiffError(`${file}: accepted[${index}] needs a pointer, what and a reason (non-empty strings)`);
    return { pointer, what, reason };
  });
}

/** The changes split into those an entry accepts and the rest; and the entries that matched nothing. */
export function applyAccepted(
  changes: readonly SpecChange[],
  accepted: readonly AcceptedChange[],
): { open: SpecChange[]; acceptedChanges: Array<[SpecChange, AcceptedChange]>; unused: AcceptedChange[] } {
  const open: SpecChange[] = [];
  const acceptedChanges: Array<[SpecChange, AcceptedChange]> = [];
  const used = new Set<AcceptedChange>();
  for (const change of changes) {
    const entry = accepted.find((candidate) => candidate.pointer === change.pointer && candidate.what === change.what);
    if (entry) {
      acceptedChanges.push([change, entry]);
      used.add(entry);
    } else open.push(change);
  }
  return { open, acceptedChanges, unused: accepted.filter((entry) => !used.has(entry)) };
}
