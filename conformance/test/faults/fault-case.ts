import type { Fault } from './fault-proxy';

/** A broken gateway and the check that must catch it. */
export interface FaultCase {
  readonly name: string;
  /** `--only` patterns: the scenarios that exercise the fault (keeps each run short). */
  readonly only: readonly string[];
  /** The check that must report a failure. */
  readonly caughtBy: string;
  /** What one of the check's failures must say (its message or cause), when the wording is the point. */
  readonly said?: RegExp;
  readonly fault: Fault;
}

/** A copy of `object` without `key`. */
export function without<T extends Record<string, unknown>>(object: T, key: string): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...object };
  delete copy[key];
  return copy;
}
