import type { ErrorObject } from 'ajv';
import type { Contract } from '../../../kit/contract/contract-types';
import { isRecord } from '../../../kit/json/guards';
import type { JsonObject } from '../../../kit/json/guards';

/**
 * An `anyOf` a body schema states at its top, directly or under `allOf`, whose alternatives all
 * carry a `title` (ResponseRequest: `model`, a non-empty `models` list, or an enabled routing
 * plugin). ajv reports such a failure as one error per alternative, each true of one alternative
 * only; the titles say in one line what the body must have instead.
 */
export interface TitledAlternatives {
  /** Where the anyOf sits under the body schema, as ajv's schemaPath ends: `allOf/0/anyOf`. */
  readonly at: string;
  readonly titles: readonly string[];
}

/** The body schema's titled top-level anyOf, if it has one. */
export function titledAlternatives(contract: Contract, pointer: string): TitledAlternatives | undefined {
  const schema = contract.resolve<JsonObject>(contract.at(pointer));
  if (!isRecord(schema)) return undefined;
  const candidates: Array<[string, unknown]> = [['anyOf', schema.anyOf]];
  if (Array.isArray(schema.allOf))
    schema.allOf.forEach((member, i) => {
      if (isRecord(member)) candidates.push([`allOf/${i}/anyOf`, member.anyOf]);
    });
  for (const [at, branches] of candidates) {
    if (!Array.isArray(branches) || branches.length === 0) continue;
    const titles = branches.map((branch) => (isRecord(branch) ? branch.title : undefined));
    if (titles.every((title): title is string => typeof title === 'string')) return { at, titles };
  }
  return undefined;
}

/**
 * Splits ajv's errors into the failure of the titled anyOf (true when the body matched none of
 * its alternatives) and the other errors, those of the alternatives dropped.
 */
export function withoutAlternatives(
  errors: readonly ErrorObject[],
  alternatives: TitledAlternatives | undefined,
): { readonly failed: boolean; readonly rest: readonly ErrorObject[] } {
  if (!alternatives) return { failed: false, rest: errors };
  const suffix = `/${alternatives.at}`;
  const failure = errors.find((e) => e.keyword === 'anyOf' && e.instancePath === '' && e.schemaPath.endsWith(suffix));
  if (!failure) return { failed: false, rest: errors };
  const inside = `${failure.schemaPath}/`;
  return { failed: true, rest: errors.filter((e) => e !== failure && !e.schemaPath.startsWith(inside)) };
}
