import { isRecord } from '../json/guards';
import { valueAt } from '../json/json-pointer';
import type { SampleContext } from './sample-options';

/** Keywords beside a `$ref` that do not constrain the value (annotations, definitions). */
const NOT_CONSTRAINING = new Set([
  '$ref',
  '$id',
  '$schema',
  '$anchor',
  '$comment',
  '$defs',
  'definitions',
  'title',
  'description',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

/**
 * Follows local `$ref`s into the document (`#/$defs/…`, `#/definitions/…`, `#` for the root of a
 * recursive schema); a reference that names nothing allows anything. A `$ref` with constraining
 * keywords beside it (2019-09 and later apply both) becomes those keywords plus `allOf: [target]`.
 */
export function resolveRef(schema: unknown, ctx: SampleContext): unknown {
  let current = schema;
  for (let hops = 0; isRecord(current) && typeof current.$ref === 'string'; hops++) {
    if (hops > 32 || !current.$ref.startsWith('#')) return true;
    const node = current;
    const target = valueAt(ctx.root, node.$ref as string) ?? true;
    const siblings = Object.keys(node).filter((key) => !NOT_CONSTRAINING.has(key));
    if (siblings.length > 0) {
      const rest = Object.fromEntries(siblings.map((key) => [key, node[key]]));
      const allOf = Array.isArray(rest.allOf) ? (rest.allOf as unknown[]) : [];
      return { ...rest, allOf: [...allOf, target] };
    }
    current = target;
  }
  return current;
}
