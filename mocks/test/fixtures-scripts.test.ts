import { loadFixtures, parseFixtures } from '../src/fixtures/load-fixtures';
import { matchScript } from '../src/responses/match-script';
import type { FixtureScript, Fixtures } from '../src/fixtures/fixture-types';

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
