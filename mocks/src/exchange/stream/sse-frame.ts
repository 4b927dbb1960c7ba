/**
 * How one event of a Responses stream is framed, as ResponseStreamEvent's description says: an
 * `event: <type>` line naming its `type` (as OpenAI's Responses streams do; browsers' EventSource
 * dispatches on it) and a `data: <json>` line, then a blank line.
 */
export function sseFrame(event: { readonly type: string; readonly [member: string]: unknown }): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/**
 * The end of the body: a bare `data: [DONE]`, the sentinel the spec requires, framed as
 * OpenRouter and OpenAI's chat streams send it (clients check its data, none an event name).
 */
export const DONE_FRAME = 'data: [DONE]\n\n';

/** One event ready to send: its frame, whether pacing spaces it out (a token delta), and its number. */
export interface Frame {
  readonly text: string;
  readonly token: boolean;
  readonly sequence: number;
  /** When it is due, in ms after the stream started: a recorded stream's own pace, instead of token pacing. */
  readonly atMs?: number;
}
