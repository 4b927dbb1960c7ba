/**
 * Writes mocks/test/clients/openai-schemas/openai-response-schemas.json: the part of OpenAI's
 * published OpenAPI document that the compatibility test checks the mock's answers with. It keeps
 * the schemas `Response` and the stream-event variants the mock sends (the branches of
 * `ResponseStreamEvent` for those types), and every schema they refer to, transitively; `$ref`s keep
 * the form `#/components/schemas/<Name>`. Annotations (descriptions, examples, `x-` hints) are
 * dropped: they do not take part in validation. `x-stream-event-types` maps every event type of
 * `ResponseStreamEvent` to its branch, so the test can tell an event type OpenAI does not define.
 *
 * Source: github.com/openai/openai-openapi, file openapi.json. Pass a checkout's openapi.json and
 * the commit it was read at:
 *   tsx scripts/extract-openai-schemas.ts ../openai-openapi/openapi.json f85dbe223d40e1a31cba812ab2d755c7e98a92a3
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isRecord } from '../kit/json/guards';

const OUTPUT = path.join(__dirname, '..', 'mocks', 'test', 'clients', 'openai-schemas', 'openai-response-schemas.json');

/** The event types the mock sends, `response.debug` aside (OpenAI has no such event; the contract requires it). */
export const MOCK_EVENT_TYPES = [
  'response.created',
  'response.in_progress',
  'response.output_item.added',
  'response.output_item.done',
  'response.content_part.added',
  'response.content_part.done',
  'response.output_text.delta',
  'response.output_text.done',
  'response.refusal.delta',
  'response.refusal.done',
  'response.function_call_arguments.delta',
  'response.function_call_arguments.done',
  'response.reasoning_summary_part.added',
  'response.reasoning_summary_part.done',
  'response.reasoning_summary_text.delta',
  'response.reasoning_summary_text.done',
  'response.completed',
  'response.incomplete',
  'response.failed',
  'error',
];

type Schemas = Record<string, unknown>;

function main(args: string[]): number {
  const [source, commit] = args;
  if (source === undefined || commit === undefined || !/^[0-9a-f]{40}$/.test(commit)) {
    console.error(
      'Usage: tsx scripts/extract-openai-schemas.ts <openai-openapi/openapi.json> <commit (40 hex digits)>',
    );
    return 2;
  }
  const document = JSON.parse(readFileSync(source, 'utf8')) as {
    info?: { version?: string };
    components?: { schemas?: Schemas };
  };
  const schemas = document.components?.schemas ?? {};
  const eventTypes = streamEventTypes(schemas);
  const missing = MOCK_EVENT_TYPES.filter((type) => !(type in eventTypes));
  if (missing.length > 0) {
    console.error(`extract-openai-schemas: ResponseStreamEvent has no branch for ${missing.join(', ')}`);
    return 1;
  }
  const roots = ['Response', ...MOCK_EVENT_TYPES.map((type) => eventTypes[type] as string)];
  const kept = closure(schemas, roots);
  const extract = {
    $comment:
      "Extract of OpenAI's published OpenAPI document: the schemas Response and the ResponseStreamEvent branches of the event types the mock sends, with every schema they refer to. Written by scripts/extract-openai-schemas.ts; do not edit.",
    'x-source': {
      repo: 'openai/openai-openapi',
      path: 'openapi.json',
      commit,
      'info.version': document.info?.version ?? null,
      roots,
    },
    'x-stream-event-types': eventTypes,
    components: { schemas: Object.fromEntries(kept.map((name) => [name, withoutAnnotations(schemas[name])])) },
  };
  writeFileSync(OUTPUT, `${JSON.stringify(extract, null, 2)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), OUTPUT)} (${kept.length} schemas)`);
  return 0;
}

/** Every event type of ResponseStreamEvent's branches (their `type` enum or const) → the branch's schema name. */
function streamEventTypes(schemas: Schemas): Record<string, string> {
  const union = schemas.ResponseStreamEvent;
  const branches = isRecord(union) && Array.isArray(union.anyOf) ? union.anyOf : [];
  const types: Record<string, string> = {};
  for (const branch of branches) {
    const name = isRecord(branch) && typeof branch.$ref === 'string' ? branch.$ref.split('/').pop() : undefined;
    const schema = name === undefined ? undefined : schemas[name];
    const type = isRecord(schema) && isRecord(schema.properties) ? schema.properties.type : undefined;
    if (name === undefined || !isRecord(type)) continue;
    const values = Array.isArray(type.enum) ? type.enum : 'const' in type ? [type.const] : [];
    for (const value of values) if (typeof value === 'string') types[value] = name;
  }
  return types;
}

/** Keywords that do not take part in validation, dropped to keep the extract small. */
const ANNOTATIONS = new Set(['description', 'title', 'example', 'examples', 'deprecated', '$comment']);
/** Keywords whose value maps names (of members, of definitions) to schemas. */
const NAMED_SCHEMAS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/** The schema without annotations and `x-` extensions (descriptions, examples, SDK hints); validation is unchanged. */
function withoutAnnotations(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutAnnotations);
  if (!isRecord(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (ANNOTATIONS.has(key) || key.startsWith('x-')) continue;
    out[key] =
      NAMED_SCHEMAS.has(key) && isRecord(value)
        ? Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, withoutAnnotations(schema)]))
        : key === 'enum' || key === 'const' || key === 'default' || key === 'required'
          ? value
          : withoutAnnotations(value);
  }
  return out;
}

/** The named schemas and every schema their `$ref`s reach, sorted by name. */
function closure(schemas: Schemas, roots: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (name: string): void => {
    if (seen.has(name) || !(name in schemas)) return;
    seen.add(name);
    walk(schemas[name]);
  };
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (isRecord(node)) {
      if (typeof node.$ref === 'string' && node.$ref.startsWith('#/components/schemas/'))
        visit(node.$ref.slice('#/components/schemas/'.length));
      Object.values(node).forEach(walk);
    }
  };
  roots.forEach(visit);
  return [...seen].sort();
}

process.exitCode = main(process.argv.slice(2));
