import { readFileSync } from 'node:fs';
import type { Contract } from '../../../kit/contract/contract-types';
import { loadContract } from '../../../kit/contract/contract';
import { isRecord } from '../../../kit/json/guards';
import { describeReadError } from '../../../kit/files/describe-read-error';
import { FixturesError } from './fixtures-error';
import type { FixturesIssue } from './fixtures-error';
import type { Fixtures } from '../core/fixture-model/fixture-types';
import { parseFixtures } from './load-fixtures';
import { parseJsonText } from './parse-json-text';

/**
 * `fixtures` with the scripts of `file` tried first (`--scripts FILE`): a user scripts a flow of
 * their own without copying the whole fixtures file. The file holds a JSON array of scripts, or
 * an object `{ "scripts": [...] }` (a `$schema` key is allowed beside it). A script named as one
 * of the fixtures' own replaces it. The scripts are checked as the fixtures' own are (schema,
 * unique names, regexes, placeholders), and every problem names the file and the place in it.
 */
export function withScripts(fixtures: Fixtures, file: string, contract: Contract = loadContract()): Fixtures {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new FixturesError(file, [{ path: '', message: `cannot be read: ${describeReadError(error)}` }]);
  }
  const parsed = parseJsonText(text);
  if (!parsed.ok) throw new FixturesError(file, [parsed.issue]);
  const { scripts, prefix } = scriptsOf(parsed.value, file);
  const replaced = new Set(scripts.map((script) => (isRecord(script) ? String(script.name).toLowerCase() : '')));
  const kept = fixtures.scripts.filter((script) => !replaced.has(script.name.toLowerCase()));
  try {
    return parseFixtures({ ...fixtures, scripts: [...scripts, ...kept] }, file, contract);
  } catch (error) {
    if (!(error instanceof FixturesError)) throw error;
    throw new FixturesError(
      file,
      error.issues.map((issue) => placeInFile(issue, prefix, scripts.length, kept)),
    );
  }
}

function scriptsOf(value: unknown, file: string): { scripts: unknown[]; prefix: string } {
  if (Array.isArray(value)) return { scripts: value, prefix: '' };
  if (isRecord(value) && Array.isArray(value.scripts)) {
    const others = Object.keys(value).filter((key) => key !== 'scripts' && key !== '$schema');
    if (others.length === 0) return { scripts: value.scripts, prefix: '/scripts' };
    throw new FixturesError(file, [
      {
        path: `/${others[0]}`,
        message: `is not allowed in a scripts file, which holds scripts only (keys, models and the rest belong in --fixtures)`,
      },
    ]);
  }
  throw new FixturesError(file, [
    { path: '', message: 'must be a JSON array of scripts or an object { "scripts": [...] } (docs/fixtures.md)' },
  ]);
}

/** An issue of the merged scripts, placed in the scripts file (its scripts come first). */
function placeInFile(issue: FixturesIssue, prefix: string, count: number, kept: Fixtures['scripts']): FixturesIssue {
  const match = /^\/scripts\/(\d+)(.*)$/s.exec(issue.path);
  if (!match) return issue;
  const index = Number(match[1]);
  if (index < count) return { ...issue, path: `${prefix}/${index}${match[2] ?? ''}` };
  return {
    path: '',
    message: `breaks the fixtures' own script "${kept[index - count]?.name ?? index}": ${issue.message}`,
  };
}
