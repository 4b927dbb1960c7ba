import type { FixtureRecording, FixtureScript, Fixtures } from '../../../core/fixture-model/fixture-types';
import type { InputText } from '../answer/input-text';
import { compile, forModel } from '../answer/match-script';
import type { CompiledScripts } from '../answer/match-script';
import type { ToolResult } from '../answer/tool-turn';

/** A recorded answer that applies to a request. */
export interface RecordingMatch {
  readonly name: string;
  readonly recording: FixtureRecording;
}

/**
 * The first recorded script, in file order, that applies to a request (docs/record-replay.md):
 * its model is the request's `model` (when it names one), and its match applies as a script's
 * would, on the last user message, or for a turn that ends with tool results, on one of the
 * newest results (the tool's name and its output). Recordings are tried before every other script:
 * they answer the exact requests they were recorded from.
 */
export function matchRecording(
  fixtures: Fixtures,
  model: string | undefined,
  input: InputText,
): RecordingMatch | undefined {
  const results = newestResults(input);
  for (const entry of compile(fixtures).recorded) {
    if (!forModel(entry.model, model)) continue;
    if (appliesTo(entry, input, results)) return { name: entry.script.name, recording: recordingOf(entry.script) };
  }
  return undefined;
}

type Entry = CompiledScripts['recorded'][number];

function appliesTo(entry: Entry, input: InputText, results: readonly ToolResult[] | undefined): boolean {
  if (!('tool' in entry))
    return results === undefined && entry.match(input.matchText, input.matchText.toLowerCase()) !== undefined;
  return (results ?? []).some(
    (result) => result.name === entry.tool && entry.match(result.output, result.output.toLowerCase()) !== undefined,
  );
}

/** The results of the turn's last round, or undefined when the turn ends with a user message. */
export function newestResults(input: InputText): readonly ToolResult[] | undefined {
  const rounds = input.toolTurn?.rounds.filter((round) => round.results.length > 0);
  return rounds?.at(-1)?.results;
}

function recordingOf(script: FixtureScript): FixtureRecording {
  if (!('recorded' in script.reply)) throw new Error(`script "${script.name}" holds no recording`);
  return script.reply.recorded;
}
