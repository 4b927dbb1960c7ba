import type { FixturesIssue } from './fixtures-error';
import type { FixtureScript, FixtureTextMatch, Fixtures } from '../core/fixture-model/fixture-types';
import { findDuplicates } from './find-duplicates';
import { placeholdersIn, replyStrings, usesOutput } from '../core/fixture-model/script-placeholders';

/**
 * Checks on scripts that the schema cannot express: unique names, regexes (of the user message or
 * of a tool script's `output`) that compile with their flags, `$n` placeholders that refer to
 * capture groups the regex has, and `$output` only in tool scripts, which have an output to give.
 */
export function checkScripts(fixtures: Fixtures): FixturesIssue[] {
  const issues: FixturesIssue[] = [];
  issues.push(
    ...findDuplicates(
      fixtures.scripts.map((s, i) => ({ path: `/scripts/${i}/name`, name: s.name })),
      'script name',
    ),
  );
  fixtures.scripts.forEach((script, i) => issues.push(...checkScript(script, `/scripts/${i}`)));
  return issues;
}

function checkScript(script: FixtureScript, at: string): FixturesIssue[] {
  const tool = 'tool' in script.match;
  const textMatch: FixtureTextMatch | undefined = 'tool' in script.match ? script.match.output : script.match;
  const matchPath = tool ? `${at}/match/output` : `${at}/match`;
  const issues: FixturesIssue[] = [];
  let groups: number | undefined = tool ? 0 : undefined;
  if (textMatch !== undefined && 'regex' in textMatch) {
    try {
      groups = countGroups(new RegExp(textMatch.regex, textMatch.flags ?? ''));
    } catch (error) {
      return [
        { path: `${matchPath}/regex`, message: `is not a valid regular expression: ${(error as Error).message}` },
      ];
    }
  }
  for (const { path, text } of replyStrings(script)) {
    const beyond = groups === undefined ? [] : placeholdersIn(text).filter((n) => n > groups);
    if (beyond.length > 0) {
      const what = tool ? 'the output regex' : 'the regex';
      const has =
        groups === 0 && tool && !(textMatch && 'regex' in textMatch)
          ? 'there is no output regex'
          : `${what} has ${groups} capture group${groups === 1 ? '' : 's'}`;
      issues.push({ path: `${at}${path}`, message: `uses $${beyond[0]} but ${has}` });
    }
    if (!tool && usesOutput(text)) {
      issues.push({
        path: `${at}${path}`,
        message: 'uses $output, which only a tool script (match.tool) has: the output of the tool result it matched',
      });
    }
  }
  return issues;
}

/** An alternative that matches the empty string reveals the group count without knowing any input. */
function countGroups(regex: RegExp): number {
  const probe = new RegExp(`${regex.source}|`, regex.flags).exec('');
  return probe === null ? 0 : probe.length - 1;
}
