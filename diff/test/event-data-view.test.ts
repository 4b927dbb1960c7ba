import { loadContract } from '../../kit/contract/contract';
import type { JsonObject } from '../../kit/json/guards';
import { diffSpecs } from '../diff-specs';

const spec = loadContract().document;
const STREAM = ['paths', '/responses', 'post', 'responses', '200', 'content', 'text/event-stream'];

/** A copy of the spec with `edit` applied to it. */
function edited(edit: (doc: JsonObject) => void): JsonObject {
  const doc = structuredClone(spec);
  edit(doc);
  return doc;
}

function media(doc: JsonObject): JsonObject {
  return STREAM.reduce<JsonObject>((node, key) => node[key] as JsonObject, doc);
}

describe('spec diff of the event stream', () => {
  it('sees no change when the stream moves from the event schema to the per-event SSE form', () => {
    const before = edited((doc) => {
      media(doc).schema = { $ref: '#/components/schemas/ResponseStreamEvent' };
    });
    const streamChanges = diffSpecs(before, spec).changes.filter((c) => c.where.includes('text/event-stream'));
    expect(streamChanges).toEqual([]);
  });

  it('reports a change to what an event holds at the stream, through contentSchema', () => {
    const after = edited((doc) => {
      const schemas = (doc.components as JsonObject).schemas as Record<string, JsonObject>;
      const delta = schemas.ResponseOutputTextDeltaEvent as JsonObject;
      delta.properties = { ...(delta.properties as JsonObject), obfuscation: { type: 'string' } };
      delta.required = [...(delta.required as string[]), 'obfuscation'];
    });
    const streamChanges = diffSpecs(spec, after).changes.filter((c) => c.where.includes('text/event-stream'));
    expect(streamChanges.map((c) => c.what).join('\n')).toContain('obfuscation');
  });
});

describe('spec diff names on the real spec', () => {
  it('names an event of the stream by its type, not by its place in the union', () => {
    const after = edited((doc) => {
      const schemas = (doc.components as JsonObject).schemas as Record<string, JsonObject>;
      const delta = schemas.ResponseOutputTextDeltaEvent as JsonObject;
      const properties = delta.properties as Record<string, JsonObject>;
      properties.delta = { ...properties.delta, maxLength: 10 };
    });
    const wheres = diffSpecs(spec, after).changes.map((change) => change.where);
    expect(wheres).toContain('response 200 (text/event-stream) ‹event response.output_text.delta› delta');
  });

  it('reports a change to the error object once, with every response that carries it', () => {
    const after = edited((doc) => {
      const schemas = (doc.components as JsonObject).schemas as Record<string, JsonObject>;
      const properties = schemas.ErrorObject!.properties as Record<string, JsonObject>;
      properties.code = { ...properties.code, type: ['integer', 'string'] };
    });
    const { changes } = diffSpecs(spec, after);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ severity: 'breaking', where: 'schema ErrorObject code' });
    expect(changes[0]?.uses).toContain('POST /responses response 429 (application/json) error.code');
    expect(changes[0]?.uses?.length).toBeGreaterThan(10);
  });
});
