import type RandExpClass from 'randexp';
import { seededRandom } from './seeded-random';

/** Characters a generated `.` or negated class draws from first: readable ones, then all printable ASCII. */
const RANGES: ReadonlyArray<readonly [number, number][]> = [
  [
    [48, 57],
    [65, 90],
    [97, 122],
    [32, 32],
    [45, 46],
    [95, 95],
  ],
  [[32, 126]],
];

/** How many extra repetitions `*`, `+` and `{n,}` may take, tried in turn: the shortest strings first. */
const EXTRA_REPEATS = [0, 2, 8, 32];

/**
 * Strings built to match every regular expression in `patterns` (ECMA-262, as ajv reads JSON
 * Schema's `pattern`, with the `u` flag), shortest first, for the caller to filter by its other
 * rules. Generation is randexp's, made deterministic: its random choices come from a generator
 * seeded with `seed` (the schema's location and the pattern), so the same schema always gives the
 * same strings. Several patterns (`allOf`, zod's startsWith/endsWith/includes) are met by joining
 * the strings made for each, in every order. Patterns randexp cannot read give nothing.
 */
export function* patternStrings(patterns: readonly string[], seed: string, minLength = 0): Generator<string> {
  const compiled = compile(patterns);
  if (compiled === undefined) return;
  for (const extra of EXTRA_REPEATS) {
    for (const [r, range] of RANGES.entries()) {
      const pieces = generate(patterns, extra, range, seededRandom(`${seed}\u0000${extra}\u0000${r}`));
      if (pieces === undefined) return;
      for (const candidate of orders(pieces, minLength)) {
        if (compiled.every((regex) => regex.test(candidate))) yield candidate;
      }
    }
  }
}

function generate(
  patterns: readonly string[],
  extra: number,
  range: readonly [number, number][],
  random: () => number,
): string[] | undefined {
  // Loaded on first use: the mock samples patterns only for some answers, never at start.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- deliberate lazy load
  const RandExp = require('randexp') as typeof RandExpClass;
  try {
    return patterns.map((pattern) => {
      const generator = new RandExp(withoutPropertyEscapes(pattern));
      generator.max = extra;
      generator.randInt = (from, to) => from + Math.floor(random() * (to - from + 1));
      generator.defaultRange.subtract(0, 0x10ffff);
      for (const [from, to] of range) generator.defaultRange.add(from, to);
      return generator.gen();
    });
  } catch {
    // randexp's parser (ret) refuses some syntax JavaScript accepts, such as lookbehind.
    return undefined;
  }
}

/** ASCII stand-ins for the Unicode property escapes randexp cannot read (zod's `/\p{Lu}\p{Ll}+/u`). */
const PROPERTY_RANGES: Readonly<Record<string, string>> = {
  L: 'A-Za-z',
  Letter: 'A-Za-z',
  Alphabetic: 'A-Za-z',
  Lu: 'A-Z',
  Uppercase_Letter: 'A-Z',
  Uppercase: 'A-Z',
  Ll: 'a-z',
  Lowercase_Letter: 'a-z',
  Lowercase: 'a-z',
  N: '0-9',
  Nd: '0-9',
  Number: '0-9',
  Decimal_Number: '0-9',
};

/**
 * The pattern with each `\p{...}` randexp cannot read replaced by an ASCII range of that
 * property (bracketed outside a class, bare inside one). The strings made from it are still
 * checked against the pattern itself; escapes without a stand-in are left as they are.
 */
function withoutPropertyEscapes(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '\\') {
      const property = /^\\p\{([A-Za-z_]+)\}/.exec(pattern.slice(i));
      const range = property?.[1] === undefined ? undefined : PROPERTY_RANGES[property[1]];
      if (property && range !== undefined) {
        out += inClass ? range : `[${range}]`;
        i += property[0].length - 1;
      } else {
        out += pattern.slice(i, i + 2);
        i++;
      }
      continue;
    }
    if (char === '[') inClass = true;
    else if (char === ']') inClass = false;
    out += char;
  }
  return out;
}

function compile(patterns: readonly string[]): RegExp[] | undefined {
  try {
    return patterns.map((pattern) => new RegExp(pattern, 'u'));
  } catch {
    return undefined;
  }
}

/**
 * The pieces joined in every order (at most 4 are permuted), then, when that is shorter than
 * `minLength`, with filler letters at each place between and around them (unanchored patterns
 * take them, `{"pattern": "^ab"}` with `minLength: 6` becomes `abxxxx`).
 */
function orders(pieces: readonly string[], minLength: number): string[] {
  const joined = pieces.length > 4 ? [pieces.join('')] : permutations(pieces).map((order) => order.join(''));
  const short = minLength - (joined[0]?.length ?? 0);
  if (short <= 0) return joined;
  const filler = 'x'.repeat(short);
  const padded = pieces.length > 4 ? [[...pieces]] : permutations(pieces);
  return [
    ...joined,
    ...padded.flatMap((order) =>
      Array.from({ length: order.length + 1 }, (_, at) => [...order.slice(0, at), filler, ...order.slice(at)].join('')),
    ),
  ];
}

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}
