/**
 * An ECMAScript `pattern` read as a tree of character sets, sequences, alternatives and repeats,
 * for pattern-containment.ts. Lookarounds, back-references, `\b` and the like throw
 * `Undecided`: the caller says "may break" for those.
 */
/** Inclusive code point ranges, sorted and disjoint. */
export type CharSet = ReadonlyArray<readonly [number, number]>;

export type Node =
  | { readonly kind: 'set'; readonly set: CharSet }
  | { readonly kind: 'seq'; readonly items: readonly Node[] }
  | { readonly kind: 'alt'; readonly options: readonly Node[] }
  | { readonly kind: 'repeat'; readonly node: Node; readonly min: number; readonly max: number };

export const MAX = 0x10ffff;
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
export class Undecided extends Error {}

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
export function parse(source: string): Node {
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
