/**
 * The sampler against the JSON Schemas client libraries send for tools and structured output:
 * the committed corpus (client-schemas/, captured from the AI SDK, LangChain, the openai helpers and
 * OpenRouter's SDK) and schemas zod 4 emits here for the formats, patterns and shapes frontend
 * teams write. Every sampled value must validate with ajv in the schema's own dialect and, for the
 * zod cases, parse with the zod schema itself, which is what the clients check answers with.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { z } from 'zod';
import { sampleValue } from '../../sample/sample-value';

/** Formats zod names that ajv-formats does not define: the pattern zod writes beside each checks it. */
const ZOD_ONLY_FORMATS = [
  'cidrv4',
  'cidrv6',
  'cuid',
  'cuid2',
  'ulid',
  'nanoid',
  'base64',
  'base64url',
  'hex',
  'e164',
  'jwt',
  'emoji',
  'mac',
  'includes',
  'lowercase',
  'uppercase',
  'starts_with',
  'ends_with',
  'guid',
];
const formats = Object.fromEntries(ZOD_ONLY_FORMATS.map((name) => [name, true as const]));
const draft07 = addFormats(new Ajv({ strict: false, allErrors: true, formats }));
const draft2020 = addFormats(new Ajv2020({ strict: false, allErrors: true, formats }));

/** ajv errors for the value, in the dialect the schema names (draft-07 unless it says 2020-12). */
function problems(schema: Record<string, unknown>, value: unknown): string[] {
  const modern = typeof schema.$schema === 'string' && schema.$schema.includes('2020-12');
  const validate = (modern ? draft2020 : draft07).compile(schema);
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
}

const corpusDir = path.join(__dirname, 'client-schemas');
const corpus = readdirSync(corpusDir)
  .filter((name) => name.endsWith('.json'))
  .map((name): [string, Record<string, unknown>] => [
    name,
    JSON.parse(readFileSync(path.join(corpusDir, name), 'utf8')) as Record<string, unknown>,
  ]);

describe('sampling the schemas client libraries sent (client-schemas/)', () => {
  it('has the whole corpus', () => {
    expect(corpus.length).toBe(59);
  });

  it.each(corpus)('gives a valid value for %s, in the full and the minimal shape', (_name, schema) => {
    expect(problems(schema, sampleValue(schema))).toEqual([]);
    expect(problems(schema, sampleValue(schema, { shape: 'minimal' }))).toEqual([]);
  });

  it('builds a string for the pattern the regex case sends, not a placeholder', () => {
    const [, schema] = corpus.find(([name]) => name === 'ai-sdk-format-regex.json') ?? [];
    const value = sampleValue(schema) as { code: string };
    expect(value.code).toMatch(/^[A-Z]{3}-\d{3}$/);
  });

  it('fills a draft-07 tuple item by item', () => {
    const [, schema] = corpus.find(([name]) => name === 'ai-sdk-format-record_tuple.json') ?? [];
    const value = sampleValue(schema) as { pair: unknown[] };
    expect(value.pair.map((item) => typeof item)).toEqual(['string', 'number']);
  });
});

const recursiveNode: z.ZodType = z.lazy(() => z.object({ name: z.string(), children: z.array(recursiveNode) }));
const linkedNode: z.ZodType = z.lazy(() => z.object({ value: z.number(), next: linkedNode.nullable() }));

/** What frontend teams write with zod 4, as the libraries turn it into JSON Schema. */
const ZOD_CASES: Array<[string, z.ZodType]> = [
  [
    'a regex',
    z.object({ code: z.string().regex(/^[A-Z]{3}-\d{3}$/), sku: z.string().regex(/^(?:SKU|ART)_[0-9a-f]{8}$/) }),
  ],
  [
    'unicode property escapes',
    z.object({ name: z.string().regex(/^\p{Lu}\p{Ll}+$/u), tag: z.string().regex(/^[\p{L}\d_-]{3,8}$/u) }),
  ],
  ['email, uuid and datetime', z.object({ email: z.email(), id: z.uuid(), at: z.iso.datetime() })],
  [
    'a datetime with milliseconds or an offset',
    z.object({ ms: z.iso.datetime({ precision: 3 }), offset: z.iso.datetime({ offset: true }) }),
  ],
  ['date, time and duration', z.object({ day: z.iso.date(), time: z.iso.time(), duration: z.iso.duration() })],
  [
    'urls, hosts and addresses',
    z.object({ url: z.url(), host: z.hostname(), v4: z.ipv4(), v6: z.ipv6(), cidr: z.cidrv4() }),
  ],
  ['ids zod knows', z.object({ cuid: z.cuid(), cuid2: z.cuid2(), ulid: z.ulid(), nanoid: z.nanoid(), guid: z.guid() })],
  [
    'encodings and phone numbers',
    z.object({ b64: z.base64(), b64url: z.base64url(), hex: z.hex(), phone: z.e164(), token: z.jwt() }),
  ],
  ['an emoji and a MAC address', z.object({ emoji: z.emoji(), mac: z.mac() })],
  ['startsWith, endsWith and includes', z.object({ s: z.string().startsWith('ab').endsWith('yz').includes('mm') })],
  [
    'string lengths and case',
    z.object({ exact: z.string().length(5), short: z.string().min(2).max(3), lower: z.string().lowercase() }),
  ],
  [
    'enums and literals',
    z.object({
      color: z.enum(['red', 'green']),
      one: z.literal('fixed'),
      level: z.union([z.literal(1), z.literal(2)]),
    }),
  ],
  [
    'a discriminated union',
    z.object({
      shape: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('circle'), radius: z.number().positive() }),
        z.object({ kind: z.literal('rect'), w: z.number(), h: z.number() }),
      ]),
    }),
  ],
  [
    'optional, nullable and defaults',
    z.object({
      a: z.string().optional(),
      b: z.string().nullable(),
      c: z.number().nullish(),
      d: z.boolean().default(false),
    }),
  ],
  [
    'numeric bounds',
    z.object({
      age: z.int().min(0).max(120),
      score: z.number().gt(0).lt(1),
      price: z.number().multipleOf(0.01).min(0.3),
      step: z.number().multipleOf(5),
      count: z.int().positive(),
      small: z.int32(),
    }),
  ],
  [
    'nested arrays and objects',
    z.object({
      matrix: z.array(z.array(z.number())).min(1).max(3),
      items: z.array(z.object({ name: z.string(), tags: z.array(z.string()).max(2) })).nonempty(),
    }),
  ],
  ['unique items', z.object({ tags: z.array(z.enum(['a', 'b', 'c'])).min(3) })],
  [
    'records and tuples',
    z.object({
      counts: z.record(z.string(), z.number()),
      byKey: z.record(z.enum(['x', 'y']), z.number()),
      pair: z.tuple([z.string(), z.number()]),
      rest: z.tuple([z.string()], z.number()),
    }),
  ],
  ['an intersection', z.intersection(z.object({ a: z.string() }), z.object({ b: z.number() }))],
  ['a recursive tree', z.object({ root: recursiveNode })],
  ['a linked list (a required, nullable recursive member)', z.object({ head: linkedNode })],
  [
    'an order form',
    z.object({
      customer: z.object({ name: z.string().min(1), email: z.email(), phone: z.e164().optional() }),
      lines: z.array(z.object({ sku: z.string().regex(/^[A-Z]{2}-\d{4}$/), quantity: z.int().min(1).max(99) })).min(1),
      delivery: z.discriminatedUnion('method', [
        z.object({ method: z.literal('pickup'), store: z.uuid() }),
        z.object({ method: z.literal('post'), postcode: z.string().regex(/^\d{5}$/), when: z.iso.date() }),
      ]),
      notes: z.string().max(200).nullable(),
    }),
  ],
];

describe('sampling the JSON Schemas zod 4 emits', () => {
  it.each(
    ZOD_CASES.flatMap(([name, schema]) => [
      [`${name} (draft-07, as the AI SDK, openai and OpenRouter send it)`, schema, 'draft-7'] as const,
      [`${name} (2020-12, as LangChain sends it)`, schema, 'draft-2020-12'] as const,
    ]),
  )('gives a value that validates and that zod parses: %s', (_name, schema, target) => {
    const json = z.toJSONSchema(schema, { target, io: 'input' }) as Record<string, unknown>;
    const value = sampleValue(json);
    expect(problems(json, value)).toEqual([]);
    const parsed = schema.safeParse(value);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it('gives the same value for the same schema', () => {
    const json = z.toJSONSchema(ZOD_CASES.at(-1)?.[1] ?? z.string(), { target: 'draft-7' });
    expect(JSON.stringify(sampleValue(json))).toBe(JSON.stringify(sampleValue(json)));
  });
});
