import { readFileSync } from 'node:fs';
import type Ajv2020 from 'ajv/dist/2020';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020';
import { createAjv } from '../../../kit/contract/create-ajv';
import type { AjvNeeds } from '../../../kit/contract/create-ajv';
import type { Contract } from '../../../kit/contract/contract-types';
import { PRECOMPILED_DIR, sha256 } from '../../../kit/contract/precompiled';
import { precompiledFixturesValidator } from './precompiled-fixtures';
import type { FixturesIssue } from './fixtures-error';
import { fixturesSchemaPath } from './fixtures-paths';
import { describeValue } from './describe-value';

/** Where the fixtures schema's `openapi.json#/...` references lead: the spec document, beside the schema's $id. */
const SPEC_DOCUMENT = 'openapi.json';

/**
 * Validates parsed fixtures against mocks/fixtures/fixtures.schema.json, whose model object is the
 * spec's Model schema, and returns one issue per bad field, naming its JSON path. Fills schema
 * defaults into `data` (aliases, variants, endpoints, guardrails, scripts, pacing), so the caller
 * passes a copy. A schema that fails to compile throws: validation never fails open.
 */
export function validateFixturesSchema(
  data: unknown,
  contract: Contract,
  precompiledDir: string = PRECOMPILED_DIR,
): FixturesIssue[] {
  const validate = fixturesValidator(contract, precompiledDir);
  if (validate(data)) return [];
  return toIssues(validate.errors ?? [], contract);
}

/** The validator `npm run build` compiled ahead for this schema and spec, else one compiled now. */
function fixturesValidator(contract: Contract, precompiledDir: string): ValidateFunction {
  const text = readFileSync(fixturesSchemaPath(), 'utf8');
  const ahead =
    contract.textSha256 === undefined
      ? undefined
      : precompiledFixturesValidator(sha256(text), contract.textSha256, precompiledDir);
  if (ahead) return ahead;
  const schema = JSON.parse(text) as { $id: string };
  return fixturesAjv(schema, contract).compile(schema);
}

/**
 * The fixtures schema's ajv (also for its standalone code, `needs.standalone`): defaults filled,
 * errors with their data, and the spec registered where the schema's `openapi.json#/...` references lead.
 */
export function fixturesAjv(schema: { $id: string }, contract: Contract, needs: AjvNeeds = {}): Ajv2020 {
  const ajv = createAjv({ fillDefaults: true, errorData: true, ...needs });
  // The spec's schemas carry annotations (OpenAPI's keywords, `x-not-shown`) the contract's own
  // validator accepts; strict mode accepts the same here.
  ajv.addVocabulary(Object.keys(contract.ajv.RULES.keywords).filter((keyword) => !ajv.RULES.keywords[keyword]));
  ajv.addSchema(contract.document, new URL(SPEC_DOCUMENT, schema.$id).href);
  return ajv;
}

function toIssues(errors: readonly ErrorObject[], contract: Contract): FixturesIssue[] {
  // A failed oneOf also reports why each branch failed; those details only repeat the oneOf's point.
  const oneOfs = errors.filter((e) => e.keyword === 'oneOf');
  const isBranchDetail = (e: ErrorObject): boolean =>
    oneOfs.some((o) => o.instancePath === e.instancePath && e.schemaPath.startsWith(`${o.schemaPath}/`));
  // One line per bad field. Where the spec's schema and a fixture rule both object to a value, the
  // fixture rule's wording (its title names the expected form) is kept.
  const byPath = new Map<string, { readonly issue: FixturesIssue; readonly titled: boolean }>();
  for (const error of errors) {
    if (isBranchDetail(error)) continue;
    const issue = toIssue(error, contract);
    const titled = typeof titleOf(error) === 'string';
    const kept = byPath.get(issue.path);
    if (!kept || (titled && !kept.titled)) byPath.set(issue.path, { issue, titled });
  }
  return [...byPath.values()].map(({ issue }) => issue);
}

function titleOf(error: ErrorObject): unknown {
  return (error.parentSchema as { title?: unknown } | undefined)?.title;
}

function toIssue(error: ErrorObject, contract: Contract): FixturesIssue {
  const at = error.instancePath === '' ? '/' : error.instancePath;
  const params = error.params as Record<string, unknown>;
  const title = titleOf(error);
  const got = `(got ${describeValue(error.data)})`;
  switch (error.keyword) {
    case 'required':
      return { path: `${error.instancePath}/${String(params.missingProperty)}`, message: 'is required but missing' };
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const member = String(params.additionalProperty ?? params.unevaluatedProperty);
      return {
        path: `${error.instancePath}/${member}`,
        message: `is not an allowed property (allowed: ${allowedMembers(error, contract).join(', ')})`,
      };
    }
    case 'enum':
      return {
        path: at,
        message: `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')} ${got}`,
      };
    case 'pattern':
      return {
        path: at,
        message: typeof title === 'string' ? `must be ${title} ${got}` : `${error.message ?? 'is invalid'} ${got}`,
      };
    case 'oneOf': {
      const branches = (error.schema as Array<{ required?: string[] }>).flatMap((branch) => branch.required ?? []);
      return { path: at, message: `must have exactly one of the properties ${branches.join(', ')}` };
    }
    case 'type':
    case 'format':
    case 'const':
    case 'minimum':
    case 'minLength':
      return { path: at, message: `${error.message ?? 'is invalid'} ${got}` };
    default:
      return { path: at, message: error.message ?? `breaks the rule "${error.keyword}"` };
  }
}

/** The members an object may have: those of the spec schema it refers to (`openapi.json#/...`), then its own. */
function allowedMembers(error: ErrorObject, contract: Contract): string[] {
  const parent = error.parentSchema as { properties?: object; $ref?: unknown } | undefined;
  const ref = typeof parent?.$ref === 'string' && parent.$ref.startsWith(`${SPEC_DOCUMENT}#`) ? parent.$ref : undefined;
  const referenced =
    ref === undefined ? {} : (contract.at<{ properties?: object }>(ref.slice(SPEC_DOCUMENT.length)).properties ?? {});
  return [...new Set([...Object.keys(referenced), ...Object.keys(parent?.properties ?? {})])];
}
