/**
 * Every example written in spec/openapi.yaml is valid against the schema it illustrates:
 * media-type and parameter/header `examples` maps (and `example`), and schema `examples` arrays.
 * The SSE example of POST /responses is parsed and each `data:` event validated (createResponse, ResponseStreamEvent).
 */
import { loadContract } from '../../kit/contract/contract';
import { isRecord } from '../../kit/json/guards';
import { DONE_DATA, readSse } from '../../kit/sse/read-sse';
import type { SseStream } from '../../kit/sse/read-sse';
import { schemaErrorLines } from '../../kit/schema/schema-problems';
import { streamProblems } from '../../kit/stream/stream-oracle';
import { streamSpec } from '../../kit/stream/stream-spec';
import { encodeSegment } from '../../kit/json/json-pointer';

const contract = loadContract();
const SSE = 'text/event-stream';
const STREAM_EVENT = '#/components/schemas/ResponseStreamEvent';

interface FoundExample {
  /** JSON pointer of the example value in the document. */
  readonly at: string;
  /** JSON pointer of the schema the value must satisfy. */
  readonly schema: string;
  readonly value: unknown;
}

/** Keywords whose values are data, not document structure: never searched for examples. */
const DATA_KEYWORDS = new Set(['example', 'examples', 'default', 'const', 'enum']);

function collectExamples(node: unknown, pointer: string, found: FoundExample[]): FoundExample[] {
  if (Array.isArray(node)) {
    node.forEach((item, index) => collectExamples(item, `${pointer}/${index}`, found));
    return found;
  }
  if (!isRecord(node)) return found;
  const { examples, example } = node;
  // An object with a `schema` member is a media type, parameter or header: examples illustrate `schema`.
  const target = 'schema' in node ? `${pointer}/schema` : pointer;
  if (Array.isArray(examples)) {
    examples.forEach((value, index) => found.push({ at: `${pointer}/examples/${index}`, schema: target, value }));
  } else if (isRecord(examples)) {
    for (const [name, entry] of Object.entries(examples)) {
      const value = isRecord(entry) ? entry.value : undefined;
      found.push({ at: `${pointer}/examples/${encodeSegment(name)}/value`, schema: target, value });
    }
  }
  if (example !== undefined) found.push({ at: `${pointer}/example`, schema: target, value: example });
  for (const [key, child] of Object.entries(node)) {
    if (!DATA_KEYWORDS.has(key)) collectExamples(child, `${pointer}/${encodeSegment(key)}`, found);
  }
  return found;
}

/** A pointer usable as a URI fragment for ajv (path templates carry `{` and `}`). */
function asFragment(pointer: string): string {
  return pointer
    .split('/')
    .map((segment, i) => (i === 0 ? segment : encodeURIComponent(segment)))
    .join('/');
}

function describeErrors(errors: Parameters<typeof schemaErrorLines>[0]): string {
  return schemaErrorLines(errors).join('\n');
}

const all = collectExamples(contract.document, '#', []);
const isSse = (example: FoundExample): boolean => example.at.includes(`/content/${encodeSegment(SSE)}/`);
const jsonExamples = all.filter((example) => !isSse(example));
const sseExamples = all.filter(isSse);

describe('examples in the document', () => {
  it('finds media-type, parameter, header and schema examples', () => {
    expect(all.some((e) => e.at.startsWith('#/paths/') && e.at.includes('/requestBody/'))).toBe(true);
    expect(all.some((e) => e.at.startsWith('#/components/responses/'))).toBe(true);
    expect(all.some((e) => e.at.startsWith('#/components/parameters/'))).toBe(true);
    expect(all.some((e) => e.at.startsWith('#/components/headers/'))).toBe(true);
    expect(all.some((e) => e.at.startsWith('#/components/schemas/') && /\/examples\/\d+$/.test(e.at))).toBe(true);
    expect(sseExamples.length).toBeGreaterThan(0);
  });

  it.each(jsonExamples.map((e) => [e.at, e] as const))('%s is valid against its schema', (_at, example) => {
    const validate = contract.validator(asFragment(example.schema));
    const valid = validate(example.value);
    if (!valid) throw new Error(`${example.at} fails ${example.schema}: ${describeErrors(validate.errors)}`);
    expect(valid).toBe(true);
  });

  it('rejects a value that breaks its schema, so a bad example cannot pass unnoticed', () => {
    const validate = contract.validator('#/components/schemas/ResponseResult');
    expect(validate({ object: 'response', status: 'completed' })).toBe(false);
  });
});

interface ParsedStream {
  readonly events: unknown[];
  readonly stream: SseStream;
}

/** The SSE text as a client reads it (kit/sse), and the JSON of its events before `[DONE]`. */
function parseStream(text: string): ParsedStream {
  const stream = readSse(text);
  const events = stream.events.filter((e) => e.data !== DONE_DATA).map((e) => JSON.parse(e.data) as unknown);
  return { events, stream };
}

describe.each(sseExamples.map((e) => [e.at, e] as const))('SSE example %s', (_at, example) => {
  const text = example.value;

  it('is a string of data lines, comments and blank lines ending with data: [DONE]', () => {
    expect(typeof text).toBe('string');
    const { events, stream } = parseStream(String(text));
    expect(stream.malformed).toEqual([]);
    expect(stream.unterminated).toBeUndefined();
    expect(stream.events.at(-1)?.data).toBe(DONE_DATA);
    expect(events.length).toBeGreaterThan(0);
  });

  it('holds events that each validate against ResponseStreamEvent', () => {
    const validate = contract.validator(STREAM_EVENT);
    parseStream(String(text)).events.forEach((event, index) => {
      if (!validate(event)) throw new Error(`event ${index} of ${example.at}: ${describeErrors(validate.errors)}`);
    });
  });

  it('keeps every rule of a valid Responses stream (kit/stream, the rules the conformance suite checks)', () => {
    expect(streamProblems(readSse(String(text)), streamSpec(contract))).toEqual([]);
  });
});
