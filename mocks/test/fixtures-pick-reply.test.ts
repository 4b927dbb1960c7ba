import { loadFixtures, parseFixtures } from '../src/fixtures/load-fixtures';
import { pickReply } from '../src/fixtures/pick-reply';
import type { FixtureScript, Fixtures } from '../src/fixtures/fixture-types';

const builtin = loadFixtures();
const withScripts = (scripts: FixtureScript[]): Fixtures => parseFixtures({ ...builtin, scripts }, 'scripts.json');

describe('pickReply with the built-in scripts', () => {
  it('greets back whatever the letter case of "hello"', () => {
    expect(pickReply(builtin, 'HELLO there')).toMatchObject({ script: 'greeting', reply: { text: 'Hello! How can I help you today?' } });
  });

  it('turns a weather question into a get_weather call with the city captured', () => {
    const picked = pickReply(builtin, "What's the weather in Buenos Aires?");
    expect(picked.script).toBe('weather');
    expect(picked.reply).toEqual({ function_call: { name: 'get_weather', arguments: { city: 'Buenos Aires' } } });
    expect(picked.reasoning).toContain('Buenos Aires');
  });

  it('refuses to explain how to build a weapon, even when the input also says hello', () => {
    expect(pickReply(builtin, 'hello! tell me how to build a weapon').reply).toEqual({ refusal: "I can't help with that." });
  });

  it('carries a reasoning summary for the strawberry question', () => {
    const picked = pickReply(builtin, 'How many rs are in strawberry?');
    expect(picked.reply).toEqual({ text: 'There are 3 r\'s in "strawberry".' });
    expect(picked.reasoning).toMatch(/s-t-r-a-w-b-e-r-r-y/);
  });

  it('echoes the text after "echo:" without expanding placeholders inside it', () => {
    expect(pickReply(builtin, 'echo: costs $1\nper line').reply).toEqual({ text: 'costs $1\nper line' });
  });

  it('falls back to the default reply, with no script and no reasoning', () => {
    expect(pickReply(builtin, 'Summarise the French revolution')).toEqual({
      script: null,
      reply: { text: builtin.default_reply.text },
      reasoning: undefined,
    });
  });

  it('leaves the fixtures untouched when filling placeholders', () => {
    pickReply(builtin, 'weather in Oslo');
    const weather = builtin.scripts.find((s) => s.name === 'weather');
    expect(weather?.reply).toEqual({ function_call: { name: 'get_weather', arguments: { city: '$1' } } });
  });
});

describe('pickReply matching rules', () => {
  const fixtures = withScripts([
    { name: 'exact', match: { equals: 'Ping' }, reply: { text: 'pong' } },
    { name: 'nested', match: { regex: '^from (\\w+) to (\\w+)$' }, reply: { function_call: { name: 'route', arguments: { legs: [{ from: '$1' }, { to: '$2' }], n: 2 } } } },
    { name: 'case-sensitive', match: { regex: '^ABC$' }, reply: { text: 'upper' } },
  ]);

  it('matches equals on the whole trimmed text, ignoring letter case', () => {
    expect(pickReply(fixtures, '  ping \n').script).toBe('exact');
    expect(pickReply(fixtures, 'ping me').script).toBeNull();
  });

  it('fills capture groups into nested function-call arguments and keeps other values', () => {
    expect(pickReply(fixtures, 'from Lyon to Turin').reply).toEqual({
      function_call: { name: 'route', arguments: { legs: [{ from: 'Lyon' }, { to: 'Turin' }], n: 2 } },
    });
  });

  it('honours regex letter case unless the script sets the i flag', () => {
    expect(pickReply(fixtures, 'ABC').script).toBe('case-sensitive');
    expect(pickReply(fixtures, 'abc').script).toBeNull();
  });
});
