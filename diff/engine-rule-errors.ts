import { apiDiff } from 'api-smart-diff';

export type EngineDiff = ReturnType<typeof apiDiff>[number];

/** The engine's changes and the rule errors it met. */
export interface EngineRun {
  readonly diffs: EngineDiff[];
  readonly ruleErrors: EngineRuleError[];
}

const RULE_ERROR = /^Classification Rule error for node: (.*?)\. (.*)$/s;

/** A classification rule of the engine that threw: the change keeps the class `unclassified`. */
export interface EngineRuleError {
  /** The engine's path, its segments joined with dots (`components.schemas.X.required.`). */
  readonly node: string;
  readonly message: string;
}

/**
 * api-smart-diff's changes, with the rule errors it would print to stderr collected instead.
 * api-smart-diff 1.0.6 writes `Classification Rule error for node: …` with console.error when
 * one of its rules throws (one of them reads a `default` that a merged `allOf` no longer has) and
 * leaves that change unclassified; the lines carry no more than that, and would repeat in every
 * `npm test`. Anything else written to console.error passes through unchanged.
 */
export function diffWithRuleErrors(before: unknown, after: unknown): EngineRun {
  const ruleErrors: EngineRuleError[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => {
    const match = args.length === 1 && typeof args[0] === 'string' ? RULE_ERROR.exec(args[0]) : null;
    if (match) ruleErrors.push({ node: match[1] ?? '', message: (match[2] ?? '').trim() });
    else original(...args);
  };
  try {
    return { diffs: apiDiff(before, after), ruleErrors };
  } finally {
    console.error = original;
  }
}
