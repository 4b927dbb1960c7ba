import { isRecord } from '../json/guards';
import { valueAt } from '../json/json-pointer';
import type { SampleContext } from './sample-options';

/** Follows local `$ref`s into the document (`#/…`); a reference that names nothing allows anything. */
export function resolveRef(schema: unknown, ctx: SampleContext): unknown {
  let current = schema;
  for (let hops = 0; isRecord(current) && typeof current.$ref === 'string'; hops++) {
    if (hops > 32 || !current.$ref.startsWith('#')) return true;
    current = valueAt(ctx.root, current.$ref) ?? true;
  }
  return current;
}
