/** Helpers for faults that rewrite SSE frames (`data: {...}` blocks) of the mock's streams. */
export type EventBody = Record<string, unknown>;

export function eventOf(frame: string): EventBody | undefined {
  const line = frame.split('\n').find((l) => l.startsWith('data: '));
  if (!line || line === 'data: [DONE]') return undefined;
  try {
    return JSON.parse(line.slice(6)) as EventBody;
  } catch {
    return undefined;
  }
}

export function frameOf(event: EventBody): string {
  return `data: ${JSON.stringify(event)}`;
}

export function typeOf(frame: string): string | undefined {
  const event = eventOf(frame);
  return typeof event?.type === 'string' ? event.type : undefined;
}

/** Rewrites every event with `edit`, renumbering sequence_number from 0 so only the intended fault shows. */
export function mapEvents(
  frames: string[],
  edit: (event: EventBody, index: number) => EventBody | undefined = (e) => e,
): string[] {
  const out: string[] = [];
  let n = 0;
  frames.forEach((frame, index) => {
    const event = eventOf(frame);
    if (!event) {
      out.push(frame);
      return;
    }
    const edited = edit(event, index);
    if (edited) out.push(frameOf({ ...edited, sequence_number: n++ }));
  });
  return out;
}

export function indexOfType(frames: string[], type: string, nth = 0): number {
  let seen = 0;
  for (let i = 0; i < frames.length; i++) {
    if (typeOf(frames[i] ?? '') === type && seen++ === nth) return i;
  }
  return -1;
}
