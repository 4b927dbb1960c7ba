import type { ErrorObject } from 'ajv';

/** One broken rule of a JSON Schema, said so a person can act on it. */
export interface SchemaProblem {
  /** JSON pointer of the offending value, '' for the whole value (`/provider/order/0`). */
  readonly pointer: string;
  /** The schema keyword broken, e.g. `maxLength`, `propertyNames.pattern`. */
  readonly keyword: string;
  /** What is wrong, ending with the keyword in parentheses: `must be one of "a", "b" (enum)`. */
  readonly message: string;
  /** Where the rule lives in the schema (`#/components/schemas/ResponseRequest/properties/user/maxLength`). */
  readonly schemaPath: string;
}

/**
 * Turns ajv errors into problems that name the value and the rule. For unions discriminated by a
 * `type`/`id` constant (plugins, input items), branches whose constant did not match are dropped,
 * so the reader learns what is wrong with the kind they meant, not with every other kind. Callers
 * format the problems for their own output (an error envelope, a report line, a config error).
 */
export function schemaProblems(errors: readonly ErrorObject[] | null | undefined): SchemaProblem[] {
  const all = errors ?? [];
  // A broken key inside propertyNames is reported twice by ajv (the inner rule and propertyNames).
  const relevant = dropMismatchedBranches(all).filter(
    (e) => !(e.keyword === 'propertyNames' && all.some((inner) => inner !== e && inner.propertyName !== undefined)),
  );
  const seen = new Set<string>();
  const problems: SchemaProblem[] = [];
  for (const error of relevant) {
    const problem = describe(error);
    const key = `${problem.pointer}|${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  return problems;
}

/** Report lines, one a problem: `/user must NOT have more than 256 characters (maxLength) [#/…/maxLength]`. */
export function schemaErrorLines(errors: readonly ErrorObject[] | null | undefined, limit = 25): string[] {
  const lines = schemaProblems(errors).map((p) => `${p.pointer || '(root)'} ${p.message} [${p.schemaPath}]`);
  return lines.length > limit ? [...lines.slice(0, limit), `… ${lines.length - limit} more`] : lines;
}

function describe(error: ErrorObject): SchemaProblem {
  const base = { pointer: error.instancePath, schemaPath: error.schemaPath };
  if (error.propertyName !== undefined) {
    return {
      ...base,
      keyword: `propertyNames.${error.keyword}`,
      message: `has key "${error.propertyName}" that ${error.message ?? 'is invalid'} (propertyNames ${error.keyword})`,
    };
  }
  const params = error.params as Record<string, unknown>;
  const keyword = error.keyword;
  switch (keyword) {
    case 'additionalProperties':
      return {
        ...base,
        keyword,
        message: `has unknown property "${String(params.additionalProperty)}", which is not allowed (additionalProperties)`,
      };
    case 'required':
      return {
        ...base,
        keyword,
        message: `is missing required property "${String(params.missingProperty)}" (required)`,
      };
    case 'enum':
      return {
        ...base,
        keyword,
        message: `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')} (enum)`,
      };
    case 'const':
      return { ...base, keyword, message: `must be ${JSON.stringify(params.allowedValue)} (const)` };
    case 'type':
      // A member whose schema admits only null is one the API does not support (previous_response_id).
      if (params.type === 'null')
        return { ...base, keyword, message: 'is not supported: only null is accepted (type)' };
      return { ...base, keyword, message: `${error.message ?? 'is invalid'} (${keyword})` };
    case 'propertyNames':
      return { ...base, keyword, message: `has an invalid key "${String(params.propertyName)}" (propertyNames)` };
    default:
      return { ...base, keyword, message: `${error.message ?? 'is invalid'} (${keyword})` };
  }
}

/**
 * `…/properties/type/const` → the schema path of the union branch that declares the constant; a
 * catch-all branch that excludes the shown kinds (`type: {not: {const: function}}`, GenericTool) counts too.
 */
const DISCRIMINATOR = /^(.*)\/properties\/(type|id)\/(const|enum|not)$/;

function dropMismatchedBranches(errors: readonly ErrorObject[]): ErrorObject[] {
  // A branch is "mismatched" when its discriminating constant (`type` or `id`) failed, or its
  // exclusion of the shown kinds did (the value is of a shown kind: its own branch speaks). Branches
  // may be inline (`…/oneOf/2`) or referenced (`#/components/schemas/WebPlugin`): both end in that prefix.
  const mismatched: Array<{ branch: string; at: string }> = [];
  for (const error of errors) {
    const branch = DISCRIMINATOR.exec(error.schemaPath)?.[1];
    // `#` alone would be a branch compiled on its own (schemaPath relative to it): too broad to drop by.
    if (branch && branch !== '#' && /\/(type|id)$/.test(error.instancePath)) {
      mismatched.push({ branch, at: error.instancePath.replace(/\/(type|id)$/, '') });
    }
  }
  const inMismatched = (error: ErrorObject): boolean =>
    mismatched.some(({ branch, at }) => error.schemaPath.startsWith(`${branch}/`) && error.instancePath.startsWith(at));
  const kept = errors.filter((error) => !inMismatched(error));
  const specific = kept.filter(
    (e) => e.keyword !== 'oneOf' && e.keyword !== 'anyOf' && !DISCRIMINATOR.test(e.schemaPath),
  );
  if (specific.length > 0) return specific;
  // Every branch mismatched: the value is of no known kind; name the kinds that exist, once.
  const constants = errors.filter((e) => e.keyword === 'const' && DISCRIMINATOR.test(e.schemaPath));
  const first = constants[0];
  if (!first) return kept.length > 0 ? kept : errors.slice(0, 1);
  const allowed = constants
    .filter((e) => e.instancePath === first.instancePath)
    .map((e) => (e.params as { allowedValue: unknown }).allowedValue);
  return [{ ...first, keyword: 'enum', params: { allowedValues: [...new Set(allowed)] } }];
}
