import { isRecord } from '../json/guards';
import type { JsonObject } from '../json/guards';
import type { SampleContext } from './sample-options';
import { resolveRef } from './resolve-ref';

/** `allOf`, or one branch of `anyOf`/`oneOf`, folded into the schema around it. */
export function mergeInto(base: JsonObject, parts: readonly unknown[], ctx: SampleContext): JsonObject {
  const merged: JsonObject = { ...base };
  delete merged.allOf;
  for (const raw of parts) {
    const part = resolveRef(raw, ctx);
    if (!isRecord(part)) continue;
    for (const [key, value] of Object.entries(part)) {
      if (key === 'properties' && isRecord(value))
        merged.properties = { ...(isRecord(merged.properties) ? merged.properties : {}), ...value };
      else if (key === 'required' && Array.isArray(value))
        merged.required = [...(Array.isArray(merged.required) ? merged.required : []), ...(value as unknown[])];
      else if (!(key in merged)) merged[key] = value;
    }
  }
  return merged;
}

/** The branch of a union to sample: the first that allows more than `null`. */
export function pickBranch(branches: readonly unknown[], ctx: SampleContext): unknown {
  const onlyNull = (b: unknown) => {
    const schema = resolveRef(b, ctx);
    return isRecord(schema) && (schema.type === 'null' || ('const' in schema && schema.const === null));
  };
  return branches.find((b) => !onlyNull(b)) ?? branches[0];
}
