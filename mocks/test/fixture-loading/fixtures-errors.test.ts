import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FixturesError } from '../../src/fixture-loading/fixtures-error';
import { builtinFixturesPath } from '../../src/fixture-loading/fixtures-paths';
import { hashKey } from '../../src/core/fixture-model/hash-key';
import { loadFixtures, parseFixtures } from '../../src/fixture-loading/load-fixtures';
import { createContract, loadContract } from '../../../kit/contract/contract';

/** The built-in file as plain JSON, freshly parsed, so each case can break its own copy. */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests break the shape on purpose
const builtinText = readFileSync(builtinFixturesPath(), 'utf8');
const fresh = (): Json => JSON.parse(builtinText) as Json;
const base = fresh();
const modelIndex = (id: string): number => (base.models as Json[]).findIndex((m) => m.model.id === id);
const GPT4O = modelIndex('openai/gpt-4o');
const MINI = modelIndex('openai/gpt-4o-mini');
const SONNET = modelIndex('anthropic/claude-3.5-sonnet');
const LLAMA = modelIndex('meta-llama/llama-3.3-70b-instruct');
const O3 = modelIndex('openai/o3-mini');
const AUTO = modelIndex('openrouter/auto');
const scriptIndex = (name: string): number => (base.scripts as Json[]).findIndex((s) => s.name === name);
const WEATHER = scriptIndex('weather');
const GREETING = scriptIndex('greeting');

/** Captures the FixturesError a call throws; fails the test if it throws anything else or nothing. */
function failure(run: () => unknown): FixturesError {
  try {
    run();
  } catch (error) {
    if (error instanceof FixturesError) return error;
    throw error;
  }
  throw new Error('expected a FixturesError, but the fixtures were accepted');
}

const cases: Array<[string, { given: (f: Json) => void; want: string }]> = [
  [
    'a price written as a number',
    {
      given: (f) => {
        f.models[3].model.pricing.prompt = 0.0000025;
      },
      want: '/models/3/model/pricing/prompt must be string',
    },
  ],
  [
    'a price that is not a decimal',
    {
      given: (f) => {
        f.models[GPT4O].model.pricing.completion = '1e-5';
      },
      want: `/models/${GPT4O}/model/pricing/completion must be a decimal string`,
    },
  ],
  [
    'a misspelled top-level section',
    {
      given: (f) => {
        f.script = f.scripts;
      },
      want: '/script is not an allowed property',
    },
  ],
  [
    'a misspelled key field',
    {
      given: (f) => {
        f.keys[0].lable = f.keys[0].label;
      },
      want: '/keys/0/lable is not an allowed property',
    },
  ],
  [
    'a key without user_id',
    {
      given: (f) => {
        delete f.keys[1].user_id;
      },
      want: '/keys/1/user_id is required but missing',
    },
  ],
  [
    'management written as a string',
    {
      given: (f) => {
        f.keys[1].management = 'true';
      },
      want: '/keys/1/management must be boolean',
    },
  ],
  [
    'a repeated key string',
    {
      given: (f) => {
        f.keys[2].key = 'sk-mock-user';
      },
      want: '/keys/2/key repeats the key already defined at /keys/0/key',
    },
  ],
  [
    'a guardrail id that is not a UUID',
    {
      given: (f) => {
        f.guardrails[0].id = 'guardrail-1';
      },
      want: '/guardrails/0/id must match format "uuid"',
    },
  ],
  [
    'a repeated guardrail id in other letter case',
    {
      given: (f) => {
        f.guardrails[1].id = 'ABCDEF00-0000-4000-8000-000000000001';
        f.guardrails[0].id = 'abcdef00-0000-4000-8000-000000000001';
      },
      want: '/guardrails/1/id repeats guardrail id',
    },
  ],
  [
    'an unknown guardrail action',
    {
      given: (f) => {
        f.guardrails[0].action = 'warn';
      },
      want: '/guardrails/0/action must be one of "block"',
    },
  ],
  [
    'an assigned hash that is not hex',
    {
      given: (f) => {
        f.guardrails[0].assigned_key_hashes = ['sk-mock-guarded'];
      },
      want: '/guardrails/0/assigned_key_hashes/0 must be a lowercase hex SHA-256',
    },
  ],
  [
    'an assigned hash of no known key',
    {
      given: (f) => {
        f.guardrails[0].assigned_key_hashes = [hashKey('sk-nobody')];
      },
      want: '/guardrails/0/assigned_key_hashes/0 is not the SHA-256 of any key in /keys',
    },
  ],
  [
    'an unknown data_collection policy',
    {
      given: (f) => {
        f.providers[0].data_collection = 'maybe';
      },
      want: '/providers/0/data_collection must be one of "deny", "allow"',
    },
  ],
  [
    'a repeated provider slug',
    {
      given: (f) => {
        f.providers[1].slug = f.providers[0].slug;
      },
      want: '/providers/1/slug repeats provider slug',
    },
  ],
  [
    'an endpoint naming an unknown provider',
    {
      given: (f) => {
        f.models[LLAMA].endpoints[2].provider = 'nowhere';
      },
      want: `/models/${LLAMA}/endpoints/2/provider names unknown provider "nowhere"`,
    },
  ],
  [
    'an unknown quantization',
    {
      given: (f) => {
        f.models[LLAMA].endpoints[0].quantization = 'fp7';
      },
      want: `/models/${LLAMA}/endpoints/0/quantization must be one of`,
    },
  ],
  [
    'a repeated model id',
    {
      given: (f) => {
        f.models[MINI].model.id = 'openai/gpt-4o';
        f.models[MINI].model.links.details = '/api/v1/models/openai/gpt-4o/endpoints';
      },
      want: `/models/${MINI}/model/id repeats model id or alias "openai/gpt-4o"`,
    },
  ],
  [
    "an alias that is another model's id",
    {
      given: (f) => {
        f.models[MINI].aliases.push('openai/gpt-4o');
      },
      want: `/models/${MINI}/aliases/1 repeats model id or alias "openai/gpt-4o" already used at /models/${GPT4O}/model/id`,
    },
  ],
  [
    'an alias used by two models',
    {
      given: (f) => {
        f.models[GPT4O].aliases.push('anthropic/claude-3-5-sonnet');
      },
      want: `/models/${SONNET}/aliases/0 repeats model id or alias "anthropic/claude-3-5-sonnet" already used at /models/${GPT4O}/aliases/0`,
    },
  ],
  [
    'a model id without an author',
    {
      given: (f) => {
        f.models[GPT4O].aliases.push('gpt-4o');
      },
      want: `/models/${GPT4O}/aliases/0 must be a model id of the form author/slug`,
    },
  ],
  [
    'a variant every model already has',
    {
      given: (f) => {
        f.models[GPT4O].variants.push('nitro');
      },
      want: `/models/${GPT4O}/variants/1 lists "nitro", which applies to every model`,
    },
  ],
  [
    'a modality that disagrees with the modality lists',
    {
      given: (f) => {
        f.models[O3].model.architecture.modality = 'text->text';
      },
      want: `/models/${O3}/model/architecture/modality must be "text+file->text"`,
    },
  ],
  [
    'a details link to another model',
    {
      given: (f) => {
        f.models[MINI].model.links.details = '/api/v1/models/openai/gpt-4o/endpoints';
      },
      want: `/models/${MINI}/model/links/details must be "/api/v1/models/openai/gpt-4o-mini/endpoints"`,
    },
  ],
  [
    'a default effort that is not supported',
    {
      given: (f) => {
        f.models[O3].model.reasoning.default_effort = 'max';
      },
      want: `/models/${O3}/model/reasoning/default_effort must be one of the supported_efforts`,
    },
  ],
  [
    'a model object missing a contract field',
    {
      given: (f) => {
        delete f.models[GPT4O].model.expiration_date;
      },
      want: `/models/${GPT4O}/model/expiration_date is required but missing`,
    },
  ],
  [
    'a model with no endpoints and no routes',
    {
      given: (f) => {
        f.models[GPT4O].endpoints = [];
      },
      want: `/models/${GPT4O}/endpoints is empty`,
    },
  ],
  [
    'a router routing to an unknown model',
    {
      given: (f) => {
        f.models[AUTO].routes_to.push('openai/gpt-5-imaginary');
      },
      want: `/models/${AUTO}/routes_to/6 names unknown model "openai/gpt-5-imaginary"`,
    },
  ],
  [
    'a regex that does not compile',
    {
      given: (f) => {
        f.scripts[WEATHER].match.regex = 'weather in (.+';
      },
      want: `/scripts/${WEATHER}/match/regex is not a valid regular expression`,
    },
  ],
  [
    'a stateful regex flag',
    {
      given: (f) => {
        f.scripts[WEATHER].match.flags = 'gi';
      },
      want: `/scripts/${WEATHER}/match/flags must be regular expression flags from i, m, s, u, v`,
    },
  ],
  [
    'a placeholder beyond the capture groups',
    {
      given: (f) => {
        f.scripts[WEATHER].reply.function_call.arguments.unit = '$2';
      },
      want: `/scripts/${WEATHER}/reply/function_call/arguments/unit uses $2 but the regex has 1 capture group`,
    },
  ],
  [
    '$output in a script on the user message',
    {
      given: (f) => {
        f.scripts[GREETING].reply.text = 'It said $output';
      },
      want: `/scripts/${GREETING}/reply/text uses $output, which only a tool script (match.tool) has: the output of the tool result it matched`,
    },
  ],
  [
    'a tool script placeholder beyond the output regex groups',
    {
      given: (f) => {
        f.scripts[GREETING].match = { tool: 'get_weather', output: { regex: '(\\d+)' } };
        f.scripts[GREETING].reply.text = '$1 and $2';
      },
      want: `/scripts/${GREETING}/reply/text uses $2 but the output regex has 1 capture group`,
    },
  ],
  [
    'a tool script placeholder without an output regex',
    {
      given: (f) => {
        f.scripts[GREETING].match = { tool: 'get_weather' };
        f.scripts[GREETING].reply.text = 'It is $1';
      },
      want: `/scripts/${GREETING}/reply/text uses $1 but there is no output regex`,
    },
  ],
  [
    'an output match without a tool',
    {
      given: (f) => {
        f.scripts[GREETING].match.output = { contains: 'x' };
      },
      want: `/scripts/${GREETING}/match must have property tool when property output is present`,
    },
  ],
  [
    'an output regex that does not compile',
    {
      given: (f) => {
        f.scripts[GREETING].match = { tool: 'get_weather', output: { regex: '(' } };
      },
      want: `/scripts/${GREETING}/match/output/regex is not a valid regular expression`,
    },
  ],
  [
    'a match with two rules',
    {
      given: (f) => {
        f.scripts[GREETING].match.equals = 'hi';
      },
      want: `/scripts/${GREETING}/match must have exactly one of the properties contains, equals, regex`,
    },
  ],
  [
    'a reply with two forms',
    {
      given: (f) => {
        f.scripts[GREETING].reply.refusal = 'no';
      },
      want: `/scripts/${GREETING}/reply must have exactly one of the properties text, function_call, function_calls, refusal`,
    },
  ],
  [
    'a repeated script name',
    {
      given: (f) => {
        f.scripts[1].name = f.scripts[0].name;
      },
      want: '/scripts/1/name repeats script name',
    },
  ],
  [
    'a negative pacing',
    {
      given: (f) => {
        f.pacing.tokens_per_second = -5;
      },
      want: '/pacing/tokens_per_second must be >= 0',
    },
  ],
  [
    'a default reply that is not text',
    {
      given: (f) => {
        f.default_reply = { refusal: 'no' };
      },
      want: '/default_reply/text is required but missing',
    },
  ],
];

describe('parseFixtures', () => {
  it.each(cases)('rejects %s, naming the bad path', (_name, { given, want }) => {
    const fixtures = fresh();
    given(fixtures);
    const error = failure(() => parseFixtures(fixtures, 'fixtures.json'));
    expect(error.message).toContain(`fixtures.json: ${want}`);
    expect(error.message).not.toMatch(/\n\s+at /);
  });

  it("checks model objects against the spec's Model schema, so a member the spec comes to require is asked for", () => {
    const document = structuredClone(loadContract().document);
    const schemas = (document.components as { schemas: Record<string, { required: string[] }> }).schemas;
    schemas.Model!.required.push('license');
    const error = failure(() => parseFixtures(fresh(), 'fixtures.json', createContract(document)));
    expect(error.issues).toContainEqual({ path: `/models/${GPT4O}/model/license`, message: 'is required but missing' });
    expect(error.issues).toHaveLength(base.models.length);
  });

  it('rejects a document that is not an object', () => {
    expect(failure(() => parseFixtures([], 'fixtures.json')).message).toBe(
      'fixtures.json: / must be object (got an array of 0)',
    );
  });

  it('lists every problem, one per line, and keeps them as data', () => {
    const fixtures = fresh();
    fixtures.keys[0].management = 'no';
    fixtures.providers[0].region = 7;
    const error = failure(() => parseFixtures(fixtures, 'fixtures.json'));
    expect(error.source).toBe('fixtures.json');
    expect(error.issues.map((issue) => issue.path)).toEqual(['/keys/0/management', '/providers/0/region']);
    expect(error.message.split('\n')).toHaveLength(2);
  });

  it('summarises after 25 problems so the message stays readable', () => {
    const fixtures = fresh();
    for (const m of fixtures.models) m.model.created = 'yesterday';
    const lines = failure(() => parseFixtures(fixtures, 'fixtures.json')).message.split('\n');
    expect(lines).toHaveLength(26);
    expect(lines[25]).toBe(`fixtures.json: ... and ${fixtures.models.length - 25} more problems`);
  });

  it('fills defaults for optional sections without changing its argument', () => {
    const minimal = {
      keys: [{ key: 'sk-a', label: 'a', management: false, user_id: 'u' }],
      providers: base.providers,
      models: [base.models[GPT4O]],
      default_reply: { text: 'hi' },
    };
    const before = JSON.stringify(minimal);
    const parsed = parseFixtures(minimal, 'minimal.json');
    expect(JSON.stringify(minimal)).toBe(before);
    expect(parsed).toMatchObject({
      guardrails: [],
      scripts: [],
      pacing: { first_token_delay_ms: 0, tokens_per_second: 0 },
    });
    const noLists = {
      ...minimal,
      models: [{ model: base.models[GPT4O].model, endpoints: base.models[GPT4O].endpoints }],
    };
    expect(parseFixtures(noLists, 'minimal.json').models[0]).toMatchObject({ aliases: [], variants: [] });
  });
});

describe('loadFixtures', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fixtures-test-'));
  const write = (name: string, text: string): string => {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    return file;
  };

  it('loads a fixtures file from a path', () => {
    const file = write('copy.json', builtinText);
    expect(loadFixtures(file).models).toHaveLength(base.models.length);
  });

  it('reports invalid JSON with the file name, line and column, and no stack', () => {
    const file = write('broken.json', '{\n  "keys": [],\n  "models": [}\n');
    const error = failure(() => loadFixtures(file));
    expect(error.message).toMatch(new RegExp(`^${escape(file)}: is not valid JSON: .*line 3, column 14$`));
    expect(error.message).not.toMatch(/\n\s+at /);
  });

  it.each([
    ['a trailing comma in an array', '{\n  "keys": [\n    1,\n  ]\n}', 'line 4, column 3'],
    ['a trailing comma in an object', '{\n  "keys": [],\n}', 'line 3, column 1'],
    ['text after the document', '{}\n}', 'line 2, column 1'],
  ])('gives the line and column of %s', (_name, text, want) => {
    const message = failure(() => loadFixtures(write('slip.json', text))).message;
    expect(message).toMatch(new RegExp(`is not valid JSON: .* at ${want}$`));
  });

  it('reports invalid JSON without quoting the file back', () => {
    const file = write('token.json', `{"keys": [${'1,'.repeat(500)} }`);
    const message = failure(() => loadFixtures(file)).message;
    expect(message.startsWith(`${file}: is not valid JSON: `)).toBe(true);
    expect(message.length).toBeLessThan(file.length + 120);
  });

  it('reports an empty file as empty', () => {
    expect(failure(() => loadFixtures(write('empty.json', ' \n'))).message).toBe(
      `${path.join(dir, 'empty.json')}: is empty; expected a JSON object`,
    );
  });

  it('reports a missing file by name', () => {
    const file = path.join(dir, 'missing.json');
    expect(failure(() => loadFixtures(file)).message).toBe(`${file}: cannot be read: no such file`);
  });

  it('names the file in schema errors too', () => {
    const broken = fresh();
    broken.pacing.first_token_delay_ms = 1.5;
    const file = write('pacing.json', JSON.stringify(broken));
    expect(failure(() => loadFixtures(file)).message).toBe(
      `${file}: /pacing/first_token_delay_ms must be integer (got 1.5)`,
    );
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
