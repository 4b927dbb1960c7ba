/**
 * How the event stream of POST /responses is declared: a per-event schema whose `data` is JSON
 * (`contentMediaType`) holding a ResponseStreamEvent (`contentSchema`), the `[DONE]` sentinel its
 * own branch. Read here as an SSE-aware OpenAPI tool reads it (Schemathesis: parse the stream into
 * events, validate each against the media type's schema, decode `data` per the branch it matches
 * and validate it against `contentSchema`), and as the kit reads it (eventDataSchema).
 */
import { createContract, loadContract } from '../../../kit/contract/contract';
import type { Contract } from '../../../kit/contract/contract';
import { eventDataSchema } from '../../../kit/contract/event-data-schema';
import { isRecord } from '../../../kit/json/guards';
import type { JsonObject } from '../../../kit/json/guards';
import { readSse } from '../../../kit/sse/read-sse';

const contract = loadContract();
const MEDIA = '#/paths/~1responses/post/responses/200/content/text~1event-stream';

/** The problems an SSE-aware tool reports for one event: envelope first, then the decoded `data`. */
function perEventProblems(doc: Contract, event: { data: string; event?: string }): string[] {
  const envelope = { data: event.data, ...(event.event === undefined ? {} : { event: event.event }) };
  const schemaPointer = `${MEDIA}/schema`;
  if (!doc.validator(schemaPointer)(envelope)) return ['envelope'];
  const perEvent = doc.resolve<JsonObject>(doc.at(schemaPointer));
  const branches = (perEvent.oneOf as JsonObject[]).filter((branch) => {
    const ajv = doc.ajv.compile({ ...branch, $id: undefined });
    return ajv(envelope);
  });
  if (branches.length !== 1) return [`${branches.length} branches match`];
  const data = (branches[0]?.properties as JsonObject).data;
  if (!isRecord(data) || data.contentMediaType !== 'application/json') return [];
  let decoded: unknown;
  try {
    decoded = JSON.parse(event.data);
  } catch {
    return ['data is not JSON'];
  }
  const ref = (data.contentSchema as { $ref: string }).$ref;
  return doc.validator(ref)(decoded) ? [] : ['decoded data'];
}

function exampleStream(name: string): ReturnType<typeof readSse> {
  return readSse(contract.at<{ value: string }>(`${MEDIA}/examples/${name}`).value);
}

describe('the event stream declaration', () => {
  it.each(['text', 'functionCall'])('passes every event of the %s example, [DONE] included', (name) => {
    const stream = exampleStream(name);
    expect(stream.sawDone).toBe(true);
    expect(stream.events.flatMap((event) => perEventProblems(contract, event))).toEqual([]);
  });

  it.each([
    ['a delta with a negative sequence_number', '{"type":"response.output_text.delta","sequence_number":-1}'],
    ['an event without type', '{"sequence_number":0}'],
    ['data that is not JSON', '{"type":'],
  ])('fails %s as an SSE-aware tool reads it', (_what, data) => {
    expect(perEventProblems(contract, { data })).not.toEqual([]);
  });

  it('points the kit at ResponseStreamEvent for the decoded data', () => {
    expect(contract.at(eventDataSchema(contract, MEDIA))).toEqual({ $ref: '#/components/schemas/ResponseStreamEvent' });
  });

  it.each([
    [
      'an OpenAPI 3.2 itemSchema',
      { itemSchema: { properties: { data: { contentSchema: { type: 'object' } } } } },
      '/itemSchema/properties/data/contentSchema',
    ],
    ['a schema that is the event JSON itself', { schema: { type: 'object' } }, '/schema'],
  ])('reads %s', (_what, media, suffix) => {
    const doc = createContract({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {}, media });
    expect(eventDataSchema(doc, '#/media')).toBe(`#/media${suffix}`);
  });
});
