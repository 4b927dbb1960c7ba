import type { ScriptMatch } from './match-script';
import type { ToolResult, ToolTurn } from './tool-turn';

/** One step of a conversation: what the mock answers, and the text it falls back on. */
export interface Step {
  readonly match: ScriptMatch;
  /** The text answer when the step's calls cannot be made (their tools are not given, `tool_choice: none`). */
  readonly fallback: string;
  /** The tool results this step answers (undefined for the reply to the user message). */
  readonly results?: readonly ToolResult[];
}

/** Where a turn that ends with tool results has got to. */
export interface FollowUp {
  readonly step: Step;
  /**
   * Calls of `step` that have no result yet (the rest of a step whose calls go one at a time with
   * `parallel_tool_calls: false`, or results the client left out): answered before moving on.
   */
  readonly owed: readonly PlannedCall[] | undefined;
}

export interface PlannedCall {
  readonly name: string;
  readonly arguments: string;
}

/** How the conversation moves: the calls a step makes under this request's tools, and the step that answers results. */
export interface StepRules {
  planned(step: Step): readonly PlannedCall[];
  after(results: readonly ToolResult[]): Step;
}

/**
 * Replays a tool turn from the step that answered the user message: each result answers the first
 * call of the step still open with the same tool name (or, when the result's call was not sent back,
 * the first open call). Once every call of a step has its result, the results gathered since the
 * step began choose the next step (`rules.after`): a tool script, or the default follow-up. So an
 * answered call is never asked again, several calls are followed up once all their results are in,
 * and a script's calls sent one at a time come in order. Stateless: the input holds the whole turn.
 */
export function followUp(turn: ToolTurn, first: Step, rules: StepRules): FollowUp {
  let step = first;
  let plan = rules.planned(step);
  let open = plan.map(() => true);
  let results: ToolResult[] = [];
  for (const round of turn.rounds) {
    if (round.results.length === 0) continue;
    for (const result of round.results) {
      results.push(result);
      const i = plan.findIndex((call, j) => open[j] && (result.name === undefined || call.name === result.name));
      if (i >= 0) open[i] = false;
    }
    if (open.every((o) => !o)) {
      step = rules.after(results);
      plan = rules.planned(step);
      open = plan.map(() => true);
      results = [];
    }
  }
  return { step, owed: results.length === 0 ? undefined : plan.filter((_, i) => open[i]) };
}

/** Longest output quoted in the default follow-up; longer ones are cut with an ellipsis. */
const QUOTED_CHARS = 200;

/**
 * The default answer to tool results no script matches: one sentence per result, in order, such as
 * `get_weather returned {"temperature":21}.` A result whose call was not sent back is named by its
 * `call_id`.
 */
export function describeResults(results: readonly ToolResult[]): string {
  return results
    .map((result) => {
      const who = result.name ?? (result.callId === undefined ? 'A tool' : `The call ${result.callId}`);
      const output = result.output.trim();
      if (output === '') return `${who} returned nothing.`;
      const quoted = output.length > QUOTED_CHARS ? `${output.slice(0, QUOTED_CHARS)}…` : output;
      return `${who} returned ${quoted}${/[.!?\u2026]$/.test(quoted) ? '' : '.'}`;
    })
    .join(' ');
}
