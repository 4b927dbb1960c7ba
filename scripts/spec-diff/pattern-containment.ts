/**
 * Whether one `pattern` allows every string another allows. Regular expressions built from
 * literals, classes (`[0-9]`, `[^\[\]]`, `\d`, `.`), groups, `|` and the quantifiers `? * + {n,m}`,
 * anchored or not, describe regular languages, and language containment is decidable: both are
 * compiled to automata and walked together. The spec's patterns have this shape (UsdAmount's
 * `^(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$`, DecimalString, ModelArchitecture's `^.+->.+$`,
 * RequestMetadata's key pattern). Lookarounds, back-references, `\b` and flags-dependent forms
 * are not decided: the caller says "may break" for those.
 */

/** Inclusive code point ranges, sorted and disjoint. */
type CharSet = ReadonlyArray<readonly [number, number]>;

type Node =
  | { readonly kind: 'set'; readonly set: CharSet }
  | { readonly kind: 'seq'; readonly items: readonly Node[] }
  | { readonly kind: 'alt'; readonly options: readonly Node[] }
  | { readonly kind: 'repeat'; readonly node: Node; readonly min: number; readonly max: number };

const MAX = 0x10ffff;
const ANY: CharSet = [[0, MAX]];
const LINE_ENDS = [0x0a, 0x0d, 0x2028, 0x2029];
const DIGIT: CharSet = [[0x30, 0x39]];
const WORD: CharSet = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
const SPACE: CharSet = normalize(
  [0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff]
    .map((point): [number, number] => [point, point])
    .concat([[0x2000, 0x200a]]),
);
const DOT: CharSet = complement(LINE_ENDS.map((point): [number, number] => [point, point]));

/** Thrown for a form this module does not decide. */
class Undecided extends Error {}

function normalize(ranges: ReadonlyArray<readonly [number, number]>): CharSet {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: Array<[number, number]> = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

function complement(set: CharSet): CharSet {
  const out: Array<[number, number]> = [];
  let next = 0;
  for (const [lo, hi] of normalize(set)) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX) out.push([next, MAX]);
  return out;
}

/** Parses an ECMAScript pattern (as JSON Schema reads it: unanchored unless `^`/`$` say so). */
function parse(source: string): Node {
  const chars = Array.from(source);
  let at = 0;
  const anchoredStart = chars[0] === '^';
  if (anchoredStart) at = 1;
  let end = chars.length;
  const anchoredEnd = end > at && chars[end - 1] === '$' && !escapedAt(chars, end - 1);
  if (anchoredEnd) end -= 1;

  const peek = (): string | undefined => (at < end ? chars[at] : undefined);
  const take = (): string => {
    const char = chars[at];
    if (at >= end || char === undefined) throw new Undecided('unexpected end');
    at += 1;
    return char;
  };

  function alternation(): Node {
    const options = [sequence()];
    while (peek() === '|') {
      at += 1;
      options.push(sequence());
    }
    return options.length === 1 ? (options[0] as Node) : { kind: 'alt', options };
  }

  function sequence(): Node {
    const items: Node[] = [];
    for (let char = peek(); char !== undefined && char !== '|' && char !== ')'; char = peek()) {
      items.push(quantified(atom()));
    }
    return { kind: 'seq', items };
  }

  function quantified(node: Node): Node {
    const char = peek();
    let min: number;
    let max: number;
    if (char === '*') [min, max] = [0, Infinity];
    else if (char === '+') [min, max] = [1, Infinity];
    else if (char === '?') [min, max] = [0, 1];
    else if (char === '{') {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(chars.slice(at, end).join(''));
      if (!match) return node;
      min = Number(match[1]);
      max = match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3]);
      at += match[0].length - 1;
    } else return node;
    at += 1;
    if (peek() === '?') at += 1; // a lazy quantifier matches the same strings
    if (min > 64 || (max !== Infinity && max > 64)) throw new Undecided('a large repeat count');
    return quantified({ kind: 'repeat', node, min, max });
  }

  function atom(): Node {
    const char = take();
    if (char === '(') {
      if (peek() === '?') {
        at += 1;
        if (take() !== ':') throw new Undecided('a lookaround or named group');
      }
      const inner = alternation();
      if (take() !== ')') throw new Undecided('an unclosed group');
      return inner;
    }
    if (char === '[') return { kind: 'set', set: charClass() };
    if (char === '.') return { kind: 'set', set: DOT };
    if (char === '\\') return { kind: 'set', set: escape(false) };
    if (char === '^' || char === '$' || char === ')' || char === '*' || char === '+' || char === '?')
      throw new Undecided(`"${char}" inside the pattern`);
    return { kind: 'set', set: single(char) };
  }

  function charClass(): CharSet {
    const negated = peek() === '^';
    if (negated) at += 1;
    const ranges: Array<readonly [number, number]> = [];
    while (peek() !== ']') {
      const low = classAtom();
      if (peek() === '-' && chars[at + 1] !== ']' && at + 1 < end) {
        at += 1;
        const high = classAtom();
        const [lo, hi] = [low[0]?.[0], high[0]?.[0]];
        if (low.length !== 1 || high.length !== 1 || lo === undefined || hi === undefined || lo > hi)
          throw new Undecided('a class range of classes');
        ranges.push([lo, hi]);
      } else ranges.push(...low);
    }
    take();
    return negated ? complement(ranges) : normalize(ranges);
  }

  function classAtom(): CharSet {
    const char = take();
    return char === '\\' ? escape(true) : single(char);
  }

  function escape(inClass: boolean): CharSet {
    const char = take();
    const classes: Record<string, CharSet> = {
      d: DIGIT,
      D: complement(DIGIT),
      w: WORD,
      W: complement(WORD),
      s: SPACE,
      S: complement(SPACE),
    };
    const known = classes[char];
    if (known) return known;
    const controls: Record<string, number> = { n: 0x0a, r: 0x0d, t: 0x09, f: 0x0c, v: 0x0b, '0': 0 };
    const control = controls[char];
    if (control !== undefined) return [[control, control]];
    if (char === 'u' || char === 'x') {
      const width = char === 'u' ? 4 : 2;
      const hex = chars.slice(at, at + width).join('');
      if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== width) throw new Undecided('an escape');
      at += width;
      const point = parseInt(hex, 16);
      return [[point, point]];
    }
    if (char === 'b' && inClass) return [[0x08, 0x08]];
    if (/[A-Za-z0-9]/.test(char)) throw new Undecided(`\\${char}`);
    return single(char);
  }

  const body = alternation();
  if (at !== end) throw new Undecided('an unmatched ")"');
  const any: Node = { kind: 'repeat', node: { kind: 'set', set: ANY }, min: 0, max: Infinity };
  return {
    kind: 'seq',
    items: [...(anchoredStart ? [] : [any]), body, ...(anchoredEnd ? [] : [any])],
  };
}

function escapedAt(chars: readonly string[], index: number): boolean {
  let slashes = 0;
  for (let i = index - 1; i >= 0 && chars[i] === '\\'; i--) slashes += 1;
  return slashes % 2 === 1;
}

function single(char: string): CharSet {
  const point = char.codePointAt(0) ?? 0;
  return [[point, point]];
}

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
