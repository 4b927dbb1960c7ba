import type { FixtureReply, FixtureScript, FixtureScriptMatch, Fixtures } from '../fixtures/fixture-types';
import { fillPlaceholders, fillReply } from '../fixtures/script-placeholders';

/** The reply chosen for an input text. */
export interface ScriptMatch {
  /** The script that matched, or null when `default_reply` applies. */
  readonly name: string | null;
  readonly reply: FixtureReply;
  /** The script's reasoning summary with placeholders filled, if it has one. */
  readonly reasoning: string | undefined;
}

type Matcher = (text: string, lower: string) => readonly (string | undefined)[] | undefined;

interface CompiledScript {
  readonly script: FixtureScript;
  readonly match: Matcher;
}

/**
 * Scripts compiled once per fixtures object (regexes included), never per request. A weak
 * cache of a pure function of immutable fixtures: it holds no state a request could change.
 */
const compiledScripts = new WeakMap<Fixtures, readonly CompiledScript[]>();

/**
 * The first script in file order whose match applies to `text`, else the default reply.
 * `contains`: case-insensitive substring; `equals`: whole text, trimmed, case-insensitive;
 * `regex`: its capture groups fill `$1`..`$9` in the reply and the reasoning.
 */
export function matchScript(fixtures: Fixtures, text: string): ScriptMatch {
  const lower = text.toLowerCase();
  for (const { script, match } of compile(fixtures)) {
    const groups = match(text, lower);
    if (groups === undefined) continue;
    return {
      name: script.name,
      reply: fillReply(script.reply, groups),
      reasoning: script.reasoning === undefined ? undefined : fillPlaceholders(script.reasoning, groups),
    };
  }
  return { name: null, reply: { text: fixtures.default_reply.text }, reasoning: undefined };
}

function compile(fixtures: Fixtures): readonly CompiledScript[] {
  let compiled = compiledScripts.get(fixtures);
  if (!compiled) {
    compiled = (fixtures.scripts ?? []).map((script) => ({ script, match: matcher(script.match) }));
    compiledScripts.set(fixtures, compiled);
  }
  return compiled;
}

function matcher(match: FixtureScriptMatch): Matcher {
  if ('contains' in match) {
    const needle = match.contains.toLowerCase();
    return (text, lower) => (lower.includes(needle) ? [text] : undefined);
  }
  if ('equals' in match) {
    const wanted = match.equals.trim().toLowerCase();
    return (text, lower) => (lower.trim() === wanted ? [text] : undefined);
  }
  // Flags never include g or y (fixtures schema), so exec keeps no state between calls.
  const regex = new RegExp(match.regex, match.flags ?? '');
  return (text) => {
    const found = regex.exec(text);
    return found === null ? undefined : [...found];
  };
}
