import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { bundledFixturesSchemaPath, builtinFixturesPath } from '../../src/fixture-loading/fixtures-paths';
import { parseFixtures } from '../../src/fixture-loading/load-fixtures';
import { FixturesError } from '../../src/fixture-loading/fixtures-error';

/** The bundled copy as an editor sees it: a plain JSON Schema validator, no spec document registered. */
const ajv = new Ajv2020({
  allErrors: true,
  strict: true,
  strictRequired: false,
  strictTypes: false,
  allowUnionTypes: true,
});
addFormats(ajv);
const validateBundled = ajv.compile(JSON.parse(readFileSync(bundledFixturesSchemaPath(), 'utf8')) as object);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests break the shape on purpose
const builtin = (): Json => JSON.parse(readFileSync(builtinFixturesPath(), 'utf8')) as Json;

/** Problem paths the mock reports for a fixtures file, or [] when it accepts it. */
function mockProblems(fixtures: Json): string[] {
  try {
    parseFixtures(fixtures, 'fixtures.json');
    return [];
  } catch (error) {
    if (error instanceof FixturesError) return error.issues.map((issue) => issue.path);
    throw error;
  }
}

describe('the bundled fixtures schema, for editors', () => {
  it('is what the built-in fixtures name as their $schema', () => {
    expect(builtin().$schema).toBe('./fixtures.bundled.schema.json');
  });

  it('refers to nothing outside itself (it compiled above with no spec document registered)', () => {
    expect(readFileSync(bundledFixturesSchemaPath(), 'utf8')).not.toContain('openapi.json#');
  });

  it('accepts the built-in fixtures, as the mock does', () => {
    expect(validateBundled(builtin())).toBe(true);
    expect(mockProblems(builtin())).toEqual([]);
  });

  it.each<[string, (f: Json) => void, string]>([
    ['a price that is not a decimal', (f) => (f.models[0].model.pricing.completion = '1e-5'), '/pricing/completion'],
    ['a misspelled model member', (f) => (f.models[0].model.contex_length = 1), '/contex_length'],
    ['a model without its spec member', (f) => delete f.models[0].model.canonical_slug, ''],
    ['a context length of 0', (f) => (f.models[0].model.context_length = 0), '/context_length'],
  ])('rejects %s, as the mock does', (_name, change, where) => {
    const fixtures = builtin();
    change(fixtures);
    expect(validateBundled(fixtures)).toBe(false);
    expect(mockProblems(fixtures)).toEqual([expect.stringMatching(new RegExp(`^/models/0/model${where}`))]);
  });
});
