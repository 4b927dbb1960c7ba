import { loadFixtures, parseFixtures } from '../../src/fixture-loading/load-fixtures';
import { matchScript, matchToolScript } from '../../src/operations/create-response/answer/match-script';
import type { FixtureScript, Fixtures } from '../../src/core/fixture-model/fixture-types';

const builtin = loadFixtures();
const withScripts = (scripts: FixtureScript[]): Fixtures => parseFixtures({ ...builtin, scripts }, 'scripts.json');

describe('the built-in scripts', () => {
  it('greets back whatever the letter case of "hello"', () => {
    expect(matchScript(builtin, 'HELLO there')).toMatchObject({
      name: 'greeting',
      reply: { text: 'Hello! How can I help you today?' },
    });
  });

  it('turns a weather question into a get_weather call with the city captured', () => {
    const picked = matchScript(builtin, "What's the weather in Buenos Aires?");
    expect(picked.name).toBe('weather');
    expect(picked.reply).toEqual({ function_call: { name: 'get_weather', arguments: { city: 'Buenos Aires' } } });
    expect(picked.reasoning).toContain('Buenos Aires');
  });

  it.each([
    ['What is the weather in São Paulo?', 'São Paulo'],
    ["What's the weather in Paris today?", 'Paris'],
    ['Weather in Paris, France?', 'Paris'],
    ['weather for Zürich', 'Zürich'],
  ])('captures the city of %j without a country or a time: %j', (question, city) => {
    expect(matchScript(builtin, question).reply).toEqual({
      function_call: { name: 'get_weather', arguments: { city } },
    });
  });

  it('turns a weather question about two cities into two get_weather calls at once', () => {
    const picked = matchScript(builtin, 'What is the weather like in Paris and in Rome?');
    expect(picked.name).toBe('weather-two-cities');
    expect(picked.reply).toEqual({
      function_calls: [
        { name: 'get_weather', arguments: { city: 'Paris' } },
        { name: 'get_weather', arguments: { city: 'Rome' } },
      ],
    });
  });

  it('has no tool scripts: tool results get the default follow-up', () => {
    expect(matchToolScript(builtin, [{ callId: 'c', name: 'get_weather', output: 'sunny' }])).toBeUndefined();
  });

  it('refuses to explain how to build a weapon, even when the input also says hello', () => {
    expect(matchScript(builtin, 'hello! tell me how to build a weapon').reply).toEqual({
      refusal: "I can't help with that.",
    });
  });

  it('carries a reasoning summary for the strawberry question', () => {
    const picked = matchScript(builtin, 'How many rs are in strawberry?');
    expect(picked.reply).toEqual({ text: 'There are 3 r\'s in "strawberry".' });
    expect(picked.reasoning).toMatch(/s-t-r-a-w-b-e-r-r-y/);
  });

  it('echoes the text after "echo:" without expanding placeholders inside it', () => {
    expect(matchScript(builtin, 'echo: costs $1\nper line').reply).toEqual({ text: 'costs $1\nper line' });
  });

  it('falls back to the default reply, with no script and no reasoning', () => {
    expect(matchScript(builtin, 'Summarise the French revolution')).toEqual({
      name: null,
      reply: { text: builtin.default_reply.text },
      reasoning: undefined,
    });
  });

  it('leaves the fixtures untouched when filling placeholders', () => {
    matchScript(builtin, 'weather in Oslo');
    const weather = builtin.scripts.find((s) => s.name === 'weather');
    expect(weather?.reply).toEqual({ function_call: { name: 'get_weather', arguments: { city: '$1' } } });
  });
});

describe('script matching rules as docs/fixtures.md states them', () => {
  const fixtures = withScripts([
    { name: 'exact', match: { equals: 'Ping' }, reply: { text: 'pong' } },
    {
      name: 'nested',
      match: { regex: '^from (\\w+) to (\\w+)$' },
      reply: { function_call: { name: 'route', arguments: { legs: [{ from: '$1' }, { to: '$2' }], n: 2 } } },
    },
    { name: 'case-sensitive', match: { regex: '^ABC$' }, reply: { text: 'upper' } },
  ]);

  it('matches equals on the whole trimmed text, ignoring letter case', () => {
    expect(matchScript(fixtures, '  ping \n').name).toBe('exact');
    expect(matchScript(fixtures, 'ping me').name).toBeNull();
  });

  it('fills capture groups into nested function-call arguments and keeps other values', () => {
    expect(matchScript(fixtures, 'from Lyon to Turin').reply).toEqual({
      function_call: { name: 'route', arguments: { legs: [{ from: 'Lyon' }, { to: 'Turin' }], n: 2 } },
    });
  });

  it('honours regex letter case unless the script sets the i flag', () => {
    expect(matchScript(fixtures, 'ABC').name).toBe('case-sensitive');
    expect(matchScript(fixtures, 'abc').name).toBeNull();
  });
});

describe('tool scripts, on the results of a turn after a function call', () => {
  const fixtures = withScripts([
    { name: 'on-question', match: { contains: 'weather' }, reply: { text: 'never for results' } },
    {
      name: 'rain',
      match: { tool: 'get_weather', output: { regex: '"rain":\\s*(\\d+)' } },
      reply: { text: 'Take an umbrella: $1 mm.' },
      reasoning: 'It rains $1 mm.',
    },
    { name: 'any-weather', match: { tool: 'get_weather' }, reply: { text: 'The tool said: $output' } },
    {
      name: 'then-hotels',
      match: { tool: 'find_city', output: { equals: 'Lisbon' } },
      reply: { function_calls: [{ name: 'find_hotels', arguments: { city: '$output', near: ['$output'] } }] },
    },
  ]);
  const result = (name: string | undefined, output: string) => ({ callId: 'c', name, output });

  it('takes the first script in file order whose tool and output match, filling $1 from the output regex', () => {
    expect(matchToolScript(fixtures, [result('get_weather', '{"rain": 12}')])).toEqual({
      name: 'rain',
      reply: { text: 'Take an umbrella: 12 mm.' },
      reasoning: 'It rains 12 mm.',
    });
  });

  it('fills $output with the output, also inside call arguments', () => {
    expect(matchToolScript(fixtures, [result('get_weather', 'sunny')])?.reply).toEqual({
      text: 'The tool said: sunny',
    });
    expect(matchToolScript(fixtures, [result('find_city', 'lisbon ')])?.reply).toEqual({
      function_calls: [{ name: 'find_hotels', arguments: { city: 'lisbon ', near: ['lisbon '] } }],
    });
  });

  it('tries every result of the turn, and none whose tool is another or unknown', () => {
    expect(matchToolScript(fixtures, [result('get_time', 'noon'), result('get_weather', 'sunny')])?.name).toBe(
      'any-weather',
    );
    expect(matchToolScript(fixtures, [result(undefined, 'sunny'), result('get_time', 'noon')])).toBeUndefined();
  });

  it('leaves text scripts to user messages', () => {
    expect(matchScript(fixtures, 'weather?').name).toBe('on-question');
  });
});
