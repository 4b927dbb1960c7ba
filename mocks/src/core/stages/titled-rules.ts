import type { ErrorObject } from 'ajv';
import type { Contract } from '../../../../kit/contract/contract-types';
import { isRecord } from '../../../../kit/json/guards';
import type { JsonObject } from '../../../../kit/json/guards';

/**
 * A rule between members of a body, stated by keywords in a titled `allOf` member of the body
 * schema (ResponseRequest: "name a model: …" as an anyOf, "give a function tool … when tool_choice
 * is required" as if/then). ajv reports a broken one as an error per alternative or branch, each
 * true of one part only; the title says in one line what the body must do instead.
 */
export interface TitledRule {
  /** Its place under the body schema, as ajv's schemaPath ends: `allOf/0`. */
  readonly at: string;
  readonly title: string;
}

/** The titled allOf members of the body schema at `pointer`. */
export function titledRules(contract: Contract, pointer: string): readonly TitledRule[] {
  const schema = contract.resolve<JsonObject>(contract.at(pointer));
  const members = isRecord(schema) && Array.isArray(schema.allOf) ? schema.allOf : [];
  return members.flatMap((member, i) =>
    isRecord(member) && typeof member.title === 'string' ? [{ at: `allOf/${i}`, title: member.title }] : [],
  );
}

/** A titled rule the body broke, with the keyword that failed (`anyOf`, `if`). */
export interface BrokenRule {
  readonly rule: TitledRule;
  readonly keyword: string;
}

/**
 * Splits ajv's errors into the titled rules the body broke (their failure found at the body's top)
 * and the other errors, those inside the broken rules dropped.
 */
export function withoutTitledRules(
  errors: readonly ErrorObject[],
  rules: readonly TitledRule[],
): { readonly broken: readonly BrokenRule[]; readonly rest: readonly ErrorObject[] } {
  const broken: BrokenRule[] = [];
  let rest = errors;
  for (const rule of rules) {
    const failure = rest.find(
      (e) => e.instancePath === '' && e.schemaPath.endsWith(`/${rule.at}/${e.keyword}`) && e.keyword !== 'required',
    );
    if (!failure) continue;
    const inside = `${failure.schemaPath.slice(0, -failure.keyword.length)}`;
    rest = rest.filter((e) => !e.schemaPath.startsWith(inside));
    broken.push({ rule, keyword: failure.keyword });
  }
  return { broken, rest };
}
