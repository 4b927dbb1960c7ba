import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { precompile } from '../precompile';
import { contractFromText, SPEC_PATH } from '../../kit/contract/contract';
import type { Contract } from '../../kit/contract/contract';
import { listOperations } from '../../kit/contract/operations';
import {
  ANSWER_VALIDATORS_FILE,
  CONTRACT_VALIDATORS_FILE,
  MANIFEST_FILE,
  sha256,
} from '../../kit/contract/precompiled';
import { answerSchemaPointers } from '../../kit/stream/answer-schemas';
import {
  precompiledBuiltinFixtures,
  precompiledFixturesValidator,
} from '../../mocks/src/fixture-loading/precompiled-fixtures';
import { loadFixtures } from '../../mocks/src/fixture-loading/load-fixtures';
import { validateFixturesSchema } from '../../mocks/src/fixture-loading/validate-fixtures-schema';
import { builtinFixturesPath, fixturesSchemaPath } from '../../mocks/src/fixture-loading/fixtures-paths';

let dir: string;
let nowhere: string;
const specText = readFileSync(SPEC_PATH, 'utf8');

beforeAll(() => {
  // Inside the package, as dist/precompiled is: the generated code requires ajv's run-time helpers.
  const cache = path.join(__dirname, '..', '..', 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  dir = mkdtempSync(path.join(cache, 'precompiled-'));
  nowhere = path.join(dir, 'none');
  precompile(path.join(dir, 'out'));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const out = (): string => path.join(dir, 'out');

/** The validator functions the build wrote, by pointer. */
function builtValidators(from: string, file = CONTRACT_VALIDATORS_FILE): Map<string, unknown> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the generated module under test
  const built = require(path.join(from, file)) as Record<string, unknown> & {
    pointers: Record<string, string>;
  };
  return new Map(Object.entries(built.pointers).map(([pointer, name]) => [pointer, built[name]]));
}

function requestPointers(contract: Contract): string[] {
  return listOperations(contract).flatMap((op) => [
    ...op.parameters.map((p) => p.schemaPointer),
    ...(op.requestBody?.content.values() ?? []),
  ]);
}

const VALUES: readonly unknown[] = [
  { model: 'openai/gpt-4o', input: 'Hello' },
  { model: 'openai/gpt-4o', input: [{ role: 'user', content: 'Hi' }], stream: true, max_output_tokens: 20 },
  {},
  { model: 5, input: [], temperature: 9, tools: [{ type: 'nope' }] },
  { model: 'openai/gpt-4o', input: 'x', not_a_field: true, metadata: { a: 1 } },
  { model: '', input: { deep: [[[1]]] }, max_output_tokens: -1, text: { format: { type: 'json_schema' } } },
  'enabled',
  'bogus',
  '',
  'x'.repeat(300),
  42,
  -1,
  null,
  true,
  [],
];

describe('validators compiled ahead by the build (scripts/precompile.ts)', () => {
  it('are the ones a start from the same spec text uses, with no ajv compile', () => {
    const contract = contractFromText(specText, SPEC_PATH, out());
    const built = builtValidators(out());
    const pointers = requestPointers(contract);
    expect(pointers.length).toBeGreaterThan(3);
    for (const pointer of pointers) expect(contract.validator(pointer)).toBe(built.get(pointer));
  });

  it('give the same verdicts and the same errors as validators compiled at run time', () => {
    const ahead = contractFromText(specText, SPEC_PATH, out());
    const compiled = contractFromText(specText, SPEC_PATH, nowhere);
    let rejected = 0;
    for (const pointer of requestPointers(compiled)) {
      expect(ahead.validator(pointer)).not.toBe(compiled.validator(pointer));
      for (const value of VALUES) {
        const a = ahead.validator(pointer);
        const c = compiled.validator(pointer);
        const verdict = a(structuredClone(value));
        expect(verdict).toBe(c(structuredClone(value)));
        expect(a.errors ?? null).toEqual(c.errors ?? null);
        if (!verdict) rejected++;
      }
    }
    // Both verdicts occur, so the comparison covers failures and their messages.
    expect(rejected).toBeGreaterThan(10);
  });

  it("compile every answer's schema too (bodies, headers, stream events), read only when first asked for", () => {
    const contract = contractFromText(specText, SPEC_PATH, out());
    const built = builtValidators(out(), ANSWER_VALIDATORS_FILE);
    const answers = answerSchemaPointers(contract).filter((pointer) => !requestPointers(contract).includes(pointer));
    expect(answers.length).toBeGreaterThan(20);
    expect(answers).toContain('#/components/schemas/ResponseOutputTextDeltaEvent');
    expect(answers.some((pointer) => pointer.startsWith('#/components/headers/'))).toBe(true);
    expect(answers.some((pointer) => pointer.startsWith('#/components/responses/'))).toBe(true);
    for (const pointer of answers) expect(contract.validator(pointer)).toBe(built.get(pointer));
  });

  it("give the answers' verdicts and errors of validators compiled at run time", () => {
    const ahead = contractFromText(specText, SPEC_PATH, out());
    const compiled = contractFromText(specText, SPEC_PATH, nowhere);
    const samples: unknown[] = [
      ...VALUES,
      { error: { code: 400, message: 'Invalid request' } },
      { error: { code: '400' } },
      {
        type: 'response.output_text.delta',
        sequence_number: 3,
        item_id: 'msg_1',
        output_index: 0,
        content_index: 0,
        delta: 'Hi',
      },
      { type: 'response.output_text.delta', sequence_number: 'x' },
      { data: { id: 'openai/gpt-4o' } },
    ];
    let rejected = 0;
    let accepted = 0;
    for (const pointer of answerSchemaPointers(compiled)) {
      const a = ahead.validator(pointer);
      const c = compiled.validator(pointer);
      for (const value of samples) {
        const verdict = a(structuredClone(value));
        expect(verdict).toBe(c(structuredClone(value)));
        expect(a.errors ?? null).toEqual(c.errors ?? null);
        if (verdict) accepted++;
        else rejected++;
      }
    }
    expect(rejected).toBeGreaterThan(10);
    expect(accepted).toBeGreaterThan(5);
  });

  it('are not used for a spec text that differs from the one they were built from, even by a comment', () => {
    const built = builtValidators(out());
    const edited = contractFromText(`${specText}\n# edited\n`, SPEC_PATH, out());
    for (const pointer of requestPointers(edited)) expect(edited.validator(pointer)).not.toBe(built.get(pointer));
  });

  it('follow the edited spec when its rules changed (the stale code would still accept the old value)', () => {
    const pointer = '#/paths/~1responses/post/requestBody/content/application~1json/schema';
    const stale = contractFromText(specText, SPEC_PATH, out());
    const body = { model: 'openai/gpt-4o', input: 'Hello' };
    expect(stale.validator(pointer)(body)).toBe(true);
    // The request now also requires a field the body lacks.
    const editedText = specText.replace(
      '\n    ResponseRequest:\n      type: object\n',
      '\n    ResponseRequest:\n      type: object\n      required: [not_sent_by_anyone]\n',
    );
    expect(editedText).not.toBe(specText);
    const edited = contractFromText(editedText, SPEC_PATH, out());
    expect(edited.validator(pointer)(body)).toBe(false);
  });

  it('are not used when the build is of another format, or a file of it is missing', () => {
    const copy = path.join(dir, 'other-format');
    precompile(copy);
    const manifestPath = path.join(copy, MANIFEST_FILE);
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { format: number };
    writeFileSync(manifestPath, JSON.stringify({ ...manifest, format: manifest.format + 1 }));
    const other = contractFromText(specText, SPEC_PATH, copy);
    const pointer = requestPointers(other)[0] as string;
    expect(other.validator(pointer)).not.toBe(builtValidators(copy).get(pointer));

    const broken = path.join(dir, 'broken');
    precompile(broken);
    rmSync(path.join(broken, CONTRACT_VALIDATORS_FILE));
    const fallback = contractFromText(specText, SPEC_PATH, broken);
    expect(fallback.validator(pointer)({})).toBe(false);

    // Without the answers' file, they are compiled at run time: same verdicts, no error.
    const noAnswers = path.join(dir, 'no-answers');
    precompile(noAnswers);
    rmSync(path.join(noAnswers, ANSWER_VALIDATORS_FILE));
    const compiledLater = contractFromText(specText, SPEC_PATH, noAnswers);
    const answer = answerSchemaPointers(compiledLater).find((p) => p.startsWith('#/components/responses/BadRequest/'));
    expect(answer).toBeDefined();
    expect(compiledLater.validator(answer as string)({ error: { code: 400, message: 'x' } })).toBe(true);
    expect(compiledLater.validator(answer as string)({ error: 'x' })).toBe(false);
  });
});

describe('fixtures validated ahead by the build', () => {
  const bad = {
    models: [{ id: 'x', name: 5 }],
    keys: 'none',
    scripts: [{ match: {}, reply: { text: 7 } }],
  };

  it('are found for the texts they were made from', () => {
    const hashes = {
      fixtures: sha256(readFileSync(builtinFixturesPath(), 'utf8')),
      schema: sha256(readFileSync(fixturesSchemaPath(), 'utf8')),
      spec: sha256(specText),
    };
    expect(precompiledFixturesValidator(hashes.schema, hashes.spec, out())).toBeInstanceOf(Function);
    expect(precompiledBuiltinFixtures(hashes, out())).toBeDefined();
    expect(precompiledFixturesValidator(hashes.schema, sha256(`${specText} `), out())).toBeUndefined();
    expect(precompiledBuiltinFixtures({ ...hashes, fixtures: sha256('{}') }, out())).toBeUndefined();
  });

  it('the schema validator gives the same issues as the one compiled at run time', () => {
    const ahead = validateFixturesSchema(structuredClone(bad), contractFromText(specText, SPEC_PATH, out()), out());
    const compiled = validateFixturesSchema(
      structuredClone(bad),
      contractFromText(specText, SPEC_PATH, nowhere),
      nowhere,
    );
    expect(ahead.length).toBeGreaterThan(1);
    expect(ahead).toEqual(compiled);
  });

  it('the built-in fixtures load the same, defaults filled, as loading them afresh', () => {
    const ahead = loadFixtures(undefined, contractFromText(specText, SPEC_PATH, out()), out());
    const fresh = loadFixtures(undefined, contractFromText(specText, SPEC_PATH, nowhere), nowhere);
    expect(ahead).toEqual(fresh);
  });

  it('a fixtures file with other content is validated afresh, its errors reported', () => {
    const file = path.join(dir, 'edited.json');
    const builtin = JSON.parse(readFileSync(builtinFixturesPath(), 'utf8')) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ ...builtin, models: [{ id: 'x', name: 5 }] }));
    expect(() => loadFixtures(file, contractFromText(specText, SPEC_PATH, out()), out())).toThrow(/models/);
  });
});
