import type { ErrorObject } from 'ajv';
import { decodeSegment } from '../../../../kit/json/json-pointer';
import { schemaProblems } from '../../../../kit/schema/schema-problems';
import { withoutTitledRules } from './titled-rules';
import type { TitledRule } from './titled-rules';

export interface FieldProblem {
  /** Dotted location a person can find, e.g. `body.provider.order[0]`, `query.limit`. */
  readonly field: string;
  /** The schema keyword broken, e.g. `maxLength`. */
  readonly rule: string;
  readonly message: string;
}

/**
 * The kit's schema problems, each placed at the field of the request it names (`body.user`). A
 * titled rule of the body schema that the body broke is one problem, saying its title.
 */
export function describeErrors(
  location: string,
  errors: readonly ErrorObject[],
  rules: readonly TitledRule[] = [],
): FieldProblem[] {
  const { broken, rest } = withoutTitledRules(errors, rules);
  const problems = schemaProblems(rest).map((p) => ({
    field: toField(location, p.pointer),
    rule: p.keyword,
    message: p.message,
  }));
  const stated = broken.map(({ rule, keyword }) => ({
    field: location,
    rule: keyword,
    message: `must ${rule.title} (${keyword})`,
  }));
  return [...stated, ...problems];
}

export function summarize(problems: readonly FieldProblem[], limit = 3): string {
  const shown = problems.slice(0, limit).map((p) => `${p.field} ${p.message}`);
  const more = problems.length > limit ? ` (and ${problems.length - limit} more)` : '';
  return `Invalid request: ${shown.join('; ')}${more}`;
}

function toField(location: string, pointer: string): string {
  let field = location;
  for (const raw of pointer.split('/').slice(1)) {
    const segment = decodeSegment(raw);
    field += /^\d+$/.test(segment) ? `[${segment}]` : `.${segment}`;
  }
  return field;
}
