import type {
  FixtureRecordedEvent,
  FixtureRecording,
  FixtureScript,
  FixtureScriptMatch,
} from '../../../core/fixture-model/fixture-types';
import { readInputText } from '../answer/input-text';
import type { ResponseRequest } from '../answer/response-types';
import { newestResults } from './match-recording';

/** One POST /responses exchange as the proxy saw it, ready to be written down. */
export interface ExchangeToRecord {
  /** The request body, valid against ResponseRequest. */
  readonly request: ResponseRequest;
  readonly status: number;
  /** The JSON answer, when it was one. */
  readonly json?: Record<string, unknown>;
  /** The stream's events (their data, `[DONE]` left out), when it was a stream. */
  readonly events?: readonly FixtureRecordedEvent[];
  /** When (ISO 8601) and from which gateway (its base URL). */
  readonly at: string;
  readonly from: string;
}

/** Longest text quoted in a recorded script's name. */
const NAME_TEXT = 60;

/**
 * The script that replays an exchange (docs/record-replay.md), matched as any script is: the
 * request's model and, for a turn that ends with a user message, that message (`equals`), or for a
 * turn that ends with tool results, the first of the newest results the request names the tool of
 * (`tool` and its output, `equals`). A string, the reason, when no script could match the
 * request: tool results whose calls were not sent back, so their tool is unknown.
 */
export function recordedScript(exchange: ExchangeToRecord): FixtureScript | string {
  const match = recordedMatch(exchange.request);
  if (typeof match === 'string') return match;
  const recorded: FixtureRecording = { at: exchange.at, from: exchange.from, status: exchange.status };
  if (exchange.json !== undefined) recorded.body = exchange.json;
  if (exchange.events !== undefined && exchange.status === 200) recorded.events = [...exchange.events];
  return { name: scriptName(match), match, reply: { recorded } };
}

function recordedMatch(request: ResponseRequest): FixtureScriptMatch | string {
  const model = typeof request.model === 'string' ? { model: request.model } : {};
  const input = readInputText(request);
  const results = newestResults(input);
  if (results === undefined) return { ...model, equals: input.matchText };
  const named = results.find((result) => result.name !== undefined);
  if (named?.name === undefined)
    return 'its tool results name no call the request sent back, so no script can tell which tool they are of';
  return { ...model, tool: named.name, output: { equals: named.output } };
}

/**
 * What makes two exchanges the same for a recording: their match, as matching reads it (the model
 * and the text ignoring letter case and surrounding blanks). A second exchange with the same key
 * replaces the first's answer rather than adding a script.
 */
export function recordingKey(match: FixtureScriptMatch): string {
  const model = match.model?.toLowerCase() ?? '';
  if ('tool' in match) {
    const output = match.output && 'equals' in match.output ? match.output.equals.trim().toLowerCase() : '';
    return JSON.stringify([model, 'tool', match.tool, output]);
  }
  return JSON.stringify([model, 'text', 'equals' in match ? match.equals.trim().toLowerCase() : JSON.stringify(match)]);
}

/**
 * The recording of an exchange recorded again: the newer answer, keeping the older one's other
 * form when both succeeded (a JSON answer and a stream of the same request are replayed each to
 * the request that asks for it).
 */
export function mergeRecordings(older: FixtureRecording, newer: FixtureRecording): FixtureRecording {
  if (older.status !== 200 || newer.status !== 200) return newer;
  return {
    at: newer.at,
    from: newer.from,
    status: 200,
    ...((newer.body ?? older.body) ? { body: newer.body ?? older.body } : {}),
    ...((newer.events ?? older.events) ? { events: newer.events ?? older.events } : {}),
  };
}

function scriptName(match: FixtureScriptMatch): string {
  const model = match.model ?? 'any model';
  if ('tool' in match) {
    const output = match.output && 'equals' in match.output ? match.output.equals : '';
    return `${model}: ${match.tool} → ${short(output)}`;
  }
  return `${model}: ${short('equals' in match ? match.equals : '')}`;
}

function short(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > NAME_TEXT ? `${line.slice(0, NAME_TEXT)}…` : line;
}
