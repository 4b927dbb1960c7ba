import type {
  FixtureReply,
  FixtureScript,
  FixtureTextMatch,
  Fixtures,
} from '../../../core/fixture-model/fixture-types';
import { fillPlaceholders, fillReply } from '../../../core/fixture-model/script-placeholders';
import type { PlaceholderValues } from '../../../core/fixture-model/script-placeholders';
import type { ToolResult } from './tool-turn';

/** The reply chosen for a turn. */
export interface ScriptMatch {
  /** The script that matched, or null when a built-in reply applies (the default reply, the default tool follow-up). */
  readonly name: string | null;
  readonly reply: FixtureReply;
  /** The script's reasoning summary with placeholders filled, if it has one. */
  readonly reasoning: string | undefined;
}

/** A text match compiled: the groups (the whole text first) when it applies, else undefined. */
export type Matcher = (text: string, lower: string) => readonly (string | undefined)[] | undefined;

interface Compiled {
  readonly script: FixtureScript;
  /** The script's `match.model`, lower-case; undefined: any model. */
  readonly model: string | undefined;
  readonly match: Matcher;
}

/** A compiled script on tool results: the tool's name and a matcher on the output. */
export interface CompiledTool extends Compiled {
  readonly tool: string;
}

/** Scripts compiled, in file order, by what they answer. */
export interface CompiledScripts {
  /** Scripts on the last user message. */
  readonly text: readonly Compiled[];
  /** Scripts on tool results. */
  readonly tool: readonly CompiledTool[];
  /** Recorded answers (reply.recorded), on either; answered before any other script (match-recording.ts). */
  readonly recorded: ReadonlyArray<Compiled | CompiledTool>;
}

/**
 * Scripts compiled once per fixtures object (regexes included), never per request. A weak
 * cache of a pure function of immutable fixtures: it holds no state a request could change.
 */
const compiledScripts = new WeakMap<Fixtures, CompiledScripts>();

/**
 * The first text script in file order whose match applies to `text`, else the default reply.
 * `contains`: case-insensitive substring; `equals`: whole text, trimmed, case-insensitive;
 * `regex`: its capture groups fill `$1`..`$9` in the reply and the reasoning.
 */
export function matchScript(fixtures: Fixtures, text: string, model?: string): ScriptMatch {
  const lower = text.toLowerCase();
  for (const { script, model: only, match } of compile(fixtures).text) {
    if (!forModel(only, model)) continue;
    const groups = match(text, lower);
    if (groups !== undefined) return filled(script, { groups });
  }
  return { name: null, reply: { text: fixtures.default_reply.text }, reasoning: undefined };
}

/**
 * The first tool script in file order that matches one of `results` (in their order): the result
 * comes from the script's `tool` and its output matches the script's `output`, when it has one.
 * The output regex's groups fill `$1`..`$9`, the output `$output`. Undefined when none matches.
 */
export function matchToolScript(
  fixtures: Fixtures,
  results: readonly ToolResult[],
  model?: string,
): ScriptMatch | undefined {
  for (const { script, tool, model: only, match } of compile(fixtures).tool) {
    if (!forModel(only, model)) continue;
    for (const result of results) {
      if (result.name !== tool) continue;
      const groups = match(result.output, result.output.toLowerCase());
      if (groups !== undefined) return filled(script, { groups, output: result.output });
    }
  }
  return undefined;
}

function filled(script: FixtureScript, values: PlaceholderValues): ScriptMatch {
  return {
    name: script.name,
    reply: fillReply(script.reply, values),
    reasoning: script.reasoning === undefined ? undefined : fillPlaceholders(script.reasoning, values),
  };
}

/** Whether a script restricted to `only` (lower-case) applies to a request for `model`. */
export function forModel(only: string | undefined, model: string | undefined): boolean {
  return only === undefined || only === model?.toLowerCase();
}

export function compile(fixtures: Fixtures): CompiledScripts {
  let compiled = compiledScripts.get(fixtures);
  if (!compiled) {
    const text: Compiled[] = [];
    const tool: CompiledTool[] = [];
    const recorded: Array<Compiled | CompiledTool> = [];
    for (const script of fixtures.scripts ?? []) {
      const match = script.match;
      const model = match.model?.toLowerCase();
      const entry: Compiled | CompiledTool =
        'tool' in match
          ? { script, model, tool: match.tool, match: match.output ? matcher(match.output) : always }
          : { script, model, match: matcher(match) };
      if ('recorded' in script.reply) recorded.push(entry);
      else if ('tool' in entry) tool.push(entry);
      else text.push(entry);
    }
    compiled = { text, tool, recorded };
    compiledScripts.set(fixtures, compiled);
  }
  return compiled;
}

const always: Matcher = (text) => [text];

function matcher(match: FixtureTextMatch): Matcher {
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
