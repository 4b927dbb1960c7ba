import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadFixtures } from '../../src/fixture-loading/load-fixtures';
import { withScripts } from '../../src/fixture-loading/load-scripts';
import { FixturesError } from '../../src/fixture-loading/fixtures-error';
import { matchScript, matchToolScript } from '../../src/operations/create-response/answer/match-script';

const builtin = loadFixtures();
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'scripts-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes `content` (JSON unless a string) to a scripts file of its own and returns its path. */
function scriptsFile(name: string, content: unknown): string {
  const file = path.join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

const trip = [
  {
    name: 'trip',
    match: { regex: 'plan a trip to (\\w+)', flags: 'i' },
    reply: { function_call: { name: 'get_weather', arguments: { city: '$1' } } },
  },
  { name: 'trip-done', match: { tool: 'get_weather' }, reply: { text: 'Pack for $output.' } },
];

function issuesOf(run: () => unknown): Array<{ path: string; message: string }> {
  try {
    run();
  } catch (error) {
    if (error instanceof FixturesError) return [...error.issues];
    throw error;
  }
  throw new Error('expected a FixturesError');
}

describe('withScripts (--scripts FILE)', () => {
  it("tries the file's scripts before the fixtures' own and keeps the rest of the fixtures", () => {
    const fixtures = withScripts(builtin, scriptsFile('trip.json', trip));
    expect(fixtures.scripts.slice(0, 2).map((s) => s.name)).toEqual(['trip', 'trip-done']);
    expect(fixtures.scripts).toHaveLength(builtin.scripts.length + 2);
    expect(fixtures.keys).toEqual(builtin.keys);
    expect(matchScript(fixtures, 'Plan a trip to Lisbon').reply).toEqual({
      function_call: { name: 'get_weather', arguments: { city: 'Lisbon' } },
    });
    expect(matchToolScript(fixtures, [{ callId: 'c', name: 'get_weather', output: 'rain' }])?.name).toBe('trip-done');
    // The built-in scripts still answer what the file does not.
    expect(matchScript(fixtures, 'hello').name).toBe('greeting');
  });

  it('reads the object form with a $schema key, and a script of the same name replaces the built-in one', () => {
    const greeting = { name: 'Greeting', match: { contains: 'hello' }, reply: { text: 'Ahoy.' } };
    const file = scriptsFile('object.json', { $schema: './fixtures.bundled.schema.json', scripts: [greeting] });
    const fixtures = withScripts(builtin, file);
    expect(fixtures.scripts.filter((s) => s.name.toLowerCase() === 'greeting')).toHaveLength(1);
    expect(matchScript(fixtures, 'hello there').reply).toEqual({ text: 'Ahoy.' });
    expect(fixtures.scripts).toHaveLength(builtin.scripts.length);
  });

  it('leaves the fixtures it was given untouched', () => {
    const before = structuredClone(builtin);
    withScripts(builtin, scriptsFile('untouched.json', trip));
    expect(builtin).toEqual(before);
  });

  it.each([
    [
      'a script the schema refuses, placed in the array form',
      [{ name: 'x', match: { contains: 'a' }, reply: { txt: 'b' } }],
      /^\/0\/reply/,
    ],
    [
      'a script the schema refuses, placed in the object form',
      { scripts: [trip[0], { name: 'y', match: { contains: 'a' } }] },
      /^\/scripts\/1/,
    ],
    [
      'a regex that does not compile',
      [{ name: 'z', match: { regex: '(' }, reply: { text: 'b' } }],
      /^\/0\/match\/regex$/,
    ],
    [
      'a placeholder beyond the regex groups',
      [{ name: 'w', match: { regex: 'a' }, reply: { text: '$2' } }],
      /^\/0\/reply\/text$/,
    ],
    ['two scripts of one name', [trip[0], trip[0]], /^\/1\/name$/],
    ['fixtures sections beside the scripts', { scripts: [], keys: [] }, /^\/keys$/],
    ['neither an array nor an object with scripts', { script: [] }, /^$/],
  ])('refuses %s, naming the place in the file', (_name, content, place) => {
    const file = scriptsFile('bad.json', content);
    const issues = issuesOf(() => withScripts(builtin, file));
    expect(issues.length).toBeGreaterThan(0);
    expect(issues[0]!.path).toMatch(place);
  });

  it('names the file in the message, for JSON that does not parse and for a file that is not there', () => {
    const broken = scriptsFile('broken.json', '[{"name": ');
    expect(() => withScripts(builtin, broken)).toThrow(`${broken}: is not valid JSON`);
    const missing = path.join(dir, 'missing.json');
    expect(() => withScripts(builtin, missing)).toThrow(`${missing}: cannot be read`);
  });
});
