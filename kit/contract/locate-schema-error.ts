import type Ajv2020 from 'ajv/dist/2020';
import { isRecord } from '../json/guards';
import { encodeSegment, valueAt } from '../json/json-pointer';

/** Keywords whose value is one schema, an array of schemas, or a map of names to schemas (JSON Schema 2020-12). */
const ONE_SCHEMA = [
  'additionalProperties',
  'items',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contentSchema',
];
const SCHEMA_ARRAYS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SCHEMA_MAPS = ['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions'];

export interface SchemaErrorPlace {
  /** The innermost schema that does not compile (or its bad keyword), as a `#/…` pointer. */
  readonly pointer: string;
  /** The compiler's reason, worded for a person. */
  readonly problem: string;
}

/**
 * Where a schema that ajv refuses goes wrong. ajv names the problem (`strict mode: unknown
 * keyword: "maxLenght"`) but not the place, so the search compiles the failing schema's
 * sub-schemas, and the targets of its local `$ref`s, and descends into the first that fails too;
 * the innermost failing schema holds the mistake. Only called once a compile has failed.
 */
export function locateSchemaError(
  ajv: Ajv2020,
  documentId: string,
  document: unknown,
  pointer: string,
  error: Error,
): SchemaErrorPlace {
  const fails = (at: string): Error | undefined => {
    try {
      ajv.getSchema(`${documentId}${at}`);
      return undefined;
    } catch (err) {
      return err instanceof Error ? err : new Error(String(err));
    }
  };
  const visited = new Set<string>();
  let at = pointer.startsWith('#') ? pointer : `#${pointer}`;
  let reason = error;
  for (;;) {
    visited.add(at);
    const next = failingPart(valueAt(document, at), at, visited, fails);
    if (next === undefined) break;
    at = next.pointer;
    reason = next.error;
  }
  const unknown = /unknown keyword: "([^"]+)"/.exec(reason.message)?.[1];
  if (unknown !== undefined) {
    const suggestion = closestKeyword(unknown, Object.keys(ajv.RULES.keywords));
    return {
      pointer: `${at}/${encodeSegment(unknown)}`,
      problem: `unknown keyword "${unknown}"${suggestion ? ` (did you mean "${suggestion}"?)` : ''}: the schemas are compiled in strict mode, where a typo is an error rather than a rule that never applies`,
    };
  }
  const schema = valueAt(document, at);
  const unresolved = /can't resolve reference (\S+)/.exec(reason.message)?.[1];
  if (unresolved !== undefined)
    return { pointer: `${at}/$ref`, problem: `$ref "${unresolved}" names nothing in the document` };
  const keyword = KEYWORD_OF_PROBLEM.find(([pattern]) => pattern.test(reason.message))?.[1];
  if (keyword !== undefined && isRecord(schema) && schema[keyword] !== undefined)
    return { pointer: `${at}/${keyword}`, problem: reason.message };
  return { pointer: at, problem: reason.message };
}

/** ajv's messages that are about one keyword's value: the place is that keyword. */
const KEYWORD_OF_PROBLEM: ReadonlyArray<readonly [RegExp, string]> = [
  [/^Invalid regular expression/, 'pattern'],
  [/^type must be JSONType/, 'type'],
];

function failingPart(
  schema: unknown,
  at: string,
  visited: ReadonlySet<string>,
  fails: (pointer: string) => Error | undefined,
): { pointer: string; error: Error } | undefined {
  if (!isRecord(schema)) return undefined;
  const candidates: string[] = [];
  for (const keyword of ONE_SCHEMA) if (isRecord(schema[keyword])) candidates.push(`${at}/${keyword}`);
  for (const keyword of SCHEMA_ARRAYS) {
    const list = schema[keyword];
    if (Array.isArray(list)) list.forEach((_, i) => candidates.push(`${at}/${keyword}/${i}`));
  }
  for (const keyword of SCHEMA_MAPS) {
    const map = schema[keyword];
    if (isRecord(map)) for (const name of Object.keys(map)) candidates.push(`${at}/${keyword}/${encodeSegment(name)}`);
  }
  if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#/')) candidates.push(schema.$ref);
  for (const candidate of candidates) {
    if (visited.has(candidate)) continue;
    const error = fails(candidate);
    if (error) return { pointer: candidate, error };
  }
  return undefined;
}

/** The known keyword closest to a typo, if one is at most two edits away. */
function closestKeyword(typo: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const keyword of known) {
    const distance = editDistance(typo.toLowerCase(), keyword.toLowerCase());
    if (distance < bestDistance) {
      best = keyword;
      bestDistance = distance;
    }
  }
  return best;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) (rows[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i] as number[];
    const above = rows[i - 1] as number[];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      row[j] = value;
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}
