import type { FixtureTextMatch, Fixtures } from '../../../core/fixture-model/fixture-types';
import type { InputText } from '../answer/input-text';
import { compile, forModel } from '../answer/match-script';
import type { CompiledScripts } from '../answer/match-script';
import type { ToolResult } from '../answer/tool-turn';
import { newestResults } from './match-recording';

type Entry = CompiledScripts['recorded'][number];

/** Longest text quoted in a message; longer ones are cut with an ellipsis. */
const QUOTED = 80;

/**
 * Why no recording answers a request (`--strict-replay`, docs/record-replay.md): what the request
 * is, then the closest recording by name and each way it differs. Closest: the same model first,
 * then the same kind of turn (a user message or tool results), the same tool, then the most
 * similar text.
 */
export function explainMiss(fixtures: Fixtures, model: string | undefined, input: InputText): string {
  const results = newestResults(input);
  const asked =
    results === undefined
      ? `the user message ${quote(input.matchText)}`
      : `tool results of ${results.map((r) => r.name ?? 'an unnamed call').join(', ')}`;
  const head = `No recording matches this request (strict replay): model ${quote(model ?? '')}, ${asked}.`;
  let best: { entry: Entry; score: number } | undefined;
  for (const entry of compile(fixtures).recorded) {
    const score = closeness(entry, model, input, results);
    if (best === undefined || score > best.score) best = { entry, score };
  }
  if (best === undefined) return `${head} The scripts hold no recording.`;
  return `${head} The closest recording is "${best.entry.script.name}": ${differences(best.entry, model, input, results).join('; ')}.`;
}

function closeness(
  entry: Entry,
  model: string | undefined,
  input: InputText,
  results: readonly ToolResult[] | undefined,
): number {
  let score = forModel(entry.model, model) ? 4 : 0;
  if ('tool' in entry !== (results !== undefined)) return score;
  score += 2;
  if (!('tool' in entry)) return score + 2 * similarity(matchText(entry), input.matchText);
  const same = (results ?? []).filter((r) => r.name === entry.tool);
  if (same.length === 0) return score;
  return score + 1 + 2 * Math.max(...same.map((r) => similarity(matchText(entry), r.output)));
}

function differences(
  entry: Entry,
  model: string | undefined,
  input: InputText,
  results: readonly ToolResult[] | undefined,
): string[] {
  const found: string[] = [];
  if (!forModel(entry.model, model))
    found.push(`it is for model ${quote(entry.model ?? '')}, not ${quote(model ?? '')}`);
  if (!('tool' in entry)) {
    if (results !== undefined) found.push('it answers a user message, and the request ends with tool results');
    else if (entry.match(input.matchText, input.matchText.toLowerCase()) === undefined)
      found.push(
        `its match is ${describe(textMatchOf(entry))}, and the request's user message is ${quote(input.matchText)}`,
      );
  } else if (results === undefined) {
    found.push(`it answers tool results of ${entry.tool}, and the request ends with a user message`);
  } else {
    const same = results.filter((r) => r.name === entry.tool);
    if (same.length === 0) found.push(`it answers tool results of ${entry.tool}, and the request has none`);
    else if (!same.some((r) => entry.match(r.output, r.output.toLowerCase()) !== undefined))
      found.push(
        `its output match is ${describe(textMatchOf(entry))}, and the request's ${entry.tool} output is ${quote(same[0]?.output ?? '')}`,
      );
  }
  return found.length > 0 ? found : ['it matches, but an earlier script or recording is tried first'];
}

function textMatchOf(entry: Entry): FixtureTextMatch | undefined {
  const match = entry.script.match;
  return 'tool' in match ? match.output : match;
}

function matchText(entry: Entry): string {
  const match = textMatchOf(entry);
  if (match === undefined) return '';
  return 'contains' in match ? match.contains : 'equals' in match ? match.equals : match.regex;
}

function describe(match: FixtureTextMatch | undefined): string {
  if (match === undefined) return 'any output';
  if ('contains' in match) return `contains ${quote(match.contains)}`;
  if ('equals' in match) return `equals ${quote(match.equals)}`;
  return `regex /${match.regex}/${match.flags ?? ''}`;
}

function quote(text: string): string {
  return JSON.stringify(text.length > QUOTED ? `${text.slice(0, QUOTED)}…` : text);
}

/** Dice's coefficient of two texts' letter pairs, ignoring case: 1 for the same text, 0 for nothing in common. */
function similarity(a: string, b: string): number {
  const pairs = (text: string): Map<string, number> => {
    const counts = new Map<string, number>();
    const lower = text.toLowerCase();
    for (let i = 0; i < lower.length - 1; i++) {
      const pair = lower.slice(i, i + 2);
      counts.set(pair, (counts.get(pair) ?? 0) + 1);
    }
    return counts;
  };
  if (a.toLowerCase() === b.toLowerCase()) return 1;
  const left = pairs(a);
  const right = pairs(b);
  let shared = 0;
  for (const [pair, count] of left) shared += Math.min(count, right.get(pair) ?? 0);
  const total = Math.max(a.length - 1, 0) + Math.max(b.length - 1, 0);
  return total === 0 ? 0 : (2 * shared) / total;
}
