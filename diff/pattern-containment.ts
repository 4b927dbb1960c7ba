/**
 * Whether one `pattern` allows every string another allows. Regular expressions built from
 * literals, classes (`[0-9]`, `[^\[\]]`, `\d`, `.`), groups, `|` and the quantifiers `? * + {n,m}`,
 * anchored or not, describe regular languages, and language containment is decidable: both are
 * compiled to automata and walked together. The spec's patterns have this shape (UsdAmount's
 * `^(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$`, DecimalString, ModelArchitecture's `^.+->.+$`,
 * RequestMetadata's key pattern). Lookarounds, back-references, `\b` and flags-dependent forms
 * are not decided: the caller says "may break" for those.
 */

import { MAX, parse, Undecided } from './pattern-parse';
import type { CharSet, Node } from './pattern-parse';

/** A Thompson automaton: epsilon moves and moves on a set of characters. */
interface Automaton {
  readonly epsilon: number[][];
  readonly moves: Array<Array<{ readonly set: CharSet; readonly to: number }>>;
  readonly start: number;
  readonly accept: number;
}

function compile(root: Node): Automaton {
  const epsilon: number[][] = [];
  const moves: Array<Array<{ set: CharSet; to: number }>> = [];
  const state = (): number => {
    epsilon.push([]);
    moves.push([]);
    if (epsilon.length > 20_000) throw new Undecided('too large');
    return epsilon.length - 1;
  };
  const link = (from: number, to: number): void => {
    epsilon[from]?.push(to);
  };
  /** Builds `node` from state `from`; returns its end state. */
  const build = (node: Node, from: number): number => {
    switch (node.kind) {
      case 'set': {
        const to = state();
        moves[from]?.push({ set: node.set, to });
        return to;
      }
      case 'seq':
        return node.items.reduce((at, item) => build(item, at), from);
      case 'alt': {
        const to = state();
        for (const option of node.options) link(build(option, from), to);
        return to;
      }
      case 'repeat': {
        let at = from;
        for (let i = 0; i < node.min; i++) at = build(node.node, at);
        if (node.max === Infinity) {
          const loop = state();
          link(at, loop);
          link(build(node.node, loop), loop);
          return loop;
        }
        const to = state();
        link(at, to);
        for (let i = node.min; i < node.max; i++) {
          at = build(node.node, at);
          link(at, to);
        }
        return to;
      }
    }
  };
  const start = state();
  const accept = build(root, start);
  return { epsilon, moves, start, accept };
}

function closure(automaton: Automaton, states: Iterable<number>): number[] {
  const seen = new Set(states);
  const stack = [...seen];
  for (let current = stack.pop(); current !== undefined; current = stack.pop()) {
    for (const next of automaton.epsilon[current] ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        stack.push(next);
      }
    }
  }
  return [...seen].sort((a, b) => a - b);
}

function step(automaton: Automaton, states: readonly number[], point: number): number[] {
  const next: number[] = [];
  for (const current of states) {
    for (const move of automaton.moves[current] ?? []) {
      if (move.set.some(([lo, hi]) => point >= lo && point <= hi)) next.push(move.to);
    }
  }
  return closure(automaton, next);
}

/** One character of each class of characters that no set of either automaton tells apart. */
function representatives(automata: readonly Automaton[]): number[] {
  const cuts = new Set([0]);
  for (const automaton of automata)
    for (const list of automaton.moves)
      for (const { set } of list)
        for (const [lo, hi] of set) {
          cuts.add(lo);
          if (hi < MAX) cuts.add(hi + 1);
        }
  return [...cuts].sort((a, b) => a - b);
}

/** Whether every string `inner` matches, `outer` matches too. */
function contains(outer: Automaton, inner: Automaton, points: readonly number[]): boolean {
  const start: [number[], number[]] = [closure(inner, [inner.start]), closure(outer, [outer.start])];
  const seen = new Set<string>();
  const queue = [start];
  for (let pair = queue.shift(); pair !== undefined; pair = queue.shift()) {
    const [a, b] = pair;
    const key = `${a.join(',')}|${b.join(',')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (seen.size > 50_000) throw new Undecided('too many states');
    if (a.includes(inner.accept) && !b.includes(outer.accept)) return false;
    for (const point of points) {
      const nextA = step(inner, a, point);
      if (nextA.length > 0) queue.push([nextA, step(outer, b, point)]);
    }
  }
  return true;
}

/** How the set of strings a pattern allows moved; undefined when this module cannot decide it. */
export type PatternMove = 'same' | 'widens' | 'narrows' | 'both';

export function comparePatterns(before: string, after: string): PatternMove | undefined {
  if (before === after) return 'same';
  try {
    const [old, next] = [compile(parse(before)), compile(parse(after))];
    const points = representatives([old, next]);
    const keepsOld = contains(next, old, points);
    const keepsNew = contains(old, next, points);
    if (keepsOld && keepsNew) return 'same';
    if (keepsOld) return 'widens';
    if (keepsNew) return 'narrows';
    return 'both';
  } catch (err) {
    if (err instanceof Undecided) return undefined;
    throw err;
  }
}
