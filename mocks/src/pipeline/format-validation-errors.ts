import type { ErrorObject } from 'ajv';

export interface FieldProblem {
  /** Dotted location a person can find, e.g. `body.provider.order[0]`, `query.limit`. */
  readonly field: string;
  /** The schema keyword broken, e.g. `maxLength`. */
  readonly rule: string;
  readonly message: string;
}

/**
 * Turns ajv errors into problems that name the field and the rule. For unions discriminated by a
 * `type`/`id` constant (plugins, input items), branches whose constant did not match are dropped,
 * so the caller reads what is wrong with the kind they meant, not every other kind.
 */
export function describeErrors(location: string, errors: readonly ErrorObject[]): FieldProblem[] {
  // A broken key inside propertyNames is reported twice by ajv (the inner rule and propertyNames).
  const relevant = dropMismatchedBranches(errors).filter(
    (e) => !(e.keyword === 'propertyNames' && errors.some((inner) => inner !== e && inner.propertyName !== undefined)),
  );
  const seen = new Set<string>();
  const problems: FieldProblem[] = [];
  for (const error of relevant) {
    const problem = describe(location, error);
    const key = `${problem.field}|${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  return problems;
}

export function summarize(problems: readonly FieldProblem[], limit = 3): string {
  const shown = problems.slice(0, limit).map((p) => `${p.field} ${p.message}`);
  const more = problems.length > limit ? ` (and ${problems.length - limit} more)` : '';
  return `Invalid request: ${shown.join('; ')}${more}`;
}

/** Every message ends with the schema keyword broken, in parentheses: the field and the rule, named. */
function describe(location: string, error: ErrorObject): FieldProblem {
  const field = toField(location, error.instancePath);
  if (error.propertyName !== undefined) {
    return {
      field,
      rule: `propertyNames.${error.keyword}`,
      message: `has key "${error.propertyName}" that ${error.message ?? 'is invalid'} (propertyNames ${error.keyword})`,
    };
  }
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return {
        field,
        rule: 'additionalProperties',
        message: `has unknown property "${String(params.additionalProperty)}", which is not allowed (additionalProperties)`,
      };
    case 'required':
      return {
        field,
        rule: 'required',
        message: `is missing required property "${String(params.missingProperty)}" (required)`,
      };
    case 'enum':
      return {
        field,
        rule: 'enum',
        message: `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')} (enum)`,
      };
    case 'const':
      return { field, rule: 'const', message: `must be ${JSON.stringify(params.allowedValue)} (const)` };
    case 'propertyNames':
      return {
        field,
        rule: 'propertyNames',
        message: `has an invalid key "${String(params.propertyName)}" (propertyNames)`,
      };
    default:
      return { field, rule: error.keyword, message: `${error.message ?? 'is invalid'} (${error.keyword})` };
  }
}

function toField(location: string, instancePath: string): string {
  let field = location;
  for (const raw of instancePath.split('/').slice(1)) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    field += /^\d+$/.test(segment) ? `[${segment}]` : `.${segment}`;
  }
  return field;
}

/** `…/properties/type/const` → the schema path of the union branch that declares the constant. */
const DISCRIMINATOR = /^(.*)\/properties\/(type|id)\/(const|enum)$/;

function dropMismatchedBranches(errors: readonly ErrorObject[]): ErrorObject[] {
  // A branch is "mismatched" when its discriminating constant (`type` or `id`) failed. Branches
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
