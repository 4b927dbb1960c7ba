/**
 * Every schema of spec/openapi.yaml compiles under ajv (JSON Schema 2020-12 + ajv-formats) in
 * strict mode: an unknown keyword or format is an error, never silently "valid".
 */
import { createContract, loadContract } from '../../kit/contract/contract';
import { isRecord } from '../../kit/json/guards';
import type { JsonObject } from '../../kit/json/guards';
import { encodeSegment } from '../../kit/json/json-pointer';

const contract = loadContract();
const schemas = contract.at<JsonObject>('#/components/schemas');

/** Schemas written outside components/schemas: under media types, parameters and headers. */
function inlineSchemaPointers(node: unknown, pointer: string, found: string[]): string[] {
  if (!isRecord(node)) return found;
  for (const [key, child] of Object.entries(node)) {
    if (key === 'schemas' && pointer === '#/components') continue;
    if (key === 'examples' || key === 'example') continue;
    const childPointer = `${pointer}/${encodeSegment(key)}`;
    if (key === 'schema' && isRecord(child)) found.push(childPointer);
    else inlineSchemaPointers(child, childPointer, found);
  }
  return found;
}

const asFragment = (pointer: string): string =>
  pointer
    .split('/')
    .map((segment, i) => (i === 0 ? segment : encodeURIComponent(segment)))
    .join('/');

describe('schemas compile', () => {
  it('declares the JSON Schema 2020-12 dialect', () => {
    expect(contract.document.openapi).toBe('3.1.0');
    expect(contract.document.jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema');
  });

  it.each(Object.keys(schemas))('components/schemas/%s compiles', (name) => {
    expect(typeof contract.validator(`#/components/schemas/${name}`)).toBe('function');
  });

  it.each(inlineSchemaPointers(contract.document, '#', []))('%s compiles', (pointer) => {
    expect(typeof contract.validator(asFragment(pointer))).toBe('function');
  });

  it('fails to compile a schema with an unknown format instead of ignoring the format', () => {
    const copy = structuredClone(contract.document) as { components: { schemas: JsonObject } };
    copy.components.schemas.Broken = { type: 'string', format: 'not-a-known-format' };
    expect(() => createContract(copy as unknown as JsonObject).validator('#/components/schemas/Broken')).toThrow(
      /unknown format/,
    );
  });
});
