import type { Audience, ChangeSeverity } from './types';
import type { PatternMove } from './pattern-containment';

/** Whom a change breaks, why, and one line per broken audience on what to do (audiences.ts). */
export interface AudienceVerdict {
  readonly severity: ChangeSeverity;
  readonly breaks: readonly Audience[];
  readonly why: string;
  readonly todo: Readonly<Partial<Record<Audience, string>>>;
}

export const BOTH: readonly Audience[] = ['clients', 'gateways'];

export type Todo = Partial<Record<Audience, string>>;

export function verdict(breaks: readonly Audience[], why: string, todo: Todo = {}): Omit<AudienceVerdict, 'severity'> {
  return {
    breaks,
    why,
    todo: Object.fromEntries(breaks.map((audience) => [audience, todo[audience] ?? DEFAULT_TODO[audience]])),
  };
}

const DEFAULT_TODO: Readonly<Record<Audience, string>> = {
  clients: 'review the calls and generated types that use this place, then regenerate typed clients',
  gateways: 'update the implementation to the new contract here and run the conformance suite',
};

/** What each audience does about a set of values that moved, on each side. */
export const REQUEST_NARROWED: Todo = {
  clients: 'send only what the new schema allows here (regenerate typed clients)',
  gateways: 'refuse with 400 what the new schema no longer allows here',
};
export const REQUEST_WIDENED: Todo = {
  gateways: 'accept what the new schema allows here instead of refusing it with 400',
};
export const RESPONSE_WIDENED: Todo = {
  clients: 'handle the new values, types or shapes here (an exhaustive switch needs a case; regenerate typed clients)',
};
export const RESPONSE_NARROWED: Todo = { gateways: 'stop sending what the response no longer allows here' };

export type Judged = ReturnType<typeof verdict> & { readonly severity?: ChangeSeverity };

/** Marks a `why` that only says "may break": the change stays unclassified (audiences.ts). */
export const MAY = 'may break: ';

/** A set of values that moved, judged for its side. */
export function byMove(side: 'request' | 'response', move: Exclude<PatternMove, 'same'>, keyword: string) {
  const by = ` (${keyword})`;
  if (side === 'request') {
    if (move === 'widens')
      return verdict(
        ['gateways'],
        `the request accepts values it refused: gateways that still refuse them break${by}`,
        REQUEST_WIDENED,
      );
    if (move === 'narrows') return verdict(BOTH, `the request refuses values it accepted${by}`, REQUEST_NARROWED);
    return verdict(BOTH, `the request accepts some values it refused and refuses some it accepted${by}`, {
      ...REQUEST_NARROWED,
      gateways: 'accept and refuse values by the new rule here',
    });
  }
  if (move === 'widens')
    return verdict(['clients'], `the response may carry values clients do not expect${by}`, RESPONSE_WIDENED);
  if (move === 'narrows')
    return verdict(['gateways'], `the response may no longer carry values gateways sent${by}`, RESPONSE_NARROWED);
  return verdict(BOTH, `the response may carry new values and no longer some old ones${by}`, {
    ...RESPONSE_WIDENED,
    ...RESPONSE_NARROWED,
  });
}
