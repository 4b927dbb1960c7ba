import { isRecord } from '../json/guards';

/*
 * Times the contract gives in Unix seconds: ResponseResult `created_at` and `completed_at` (and the
 * same members of a stream's ResponseSnapshot), Model `created` (spec/openapi.yaml: each is
 * `type: integer` with the description "Unix seconds."). A gateway that sends milliseconds, or a
 * clock far off, passes the schema: these functions judge the unit and the value.
 */

/**
 * The clock skew allowed between a checker and the gateway when none is set, in seconds: five
 * minutes, what clocks kept by NTP stay well within and what signed-request schemes commonly allow.
 */
export const DEFAULT_CLOCK_SKEW_SECONDS = 300;

/** Bounds, in Unix seconds, that a time must fall within (inclusive). */
export interface TimeWindow {
  readonly from: number;
  readonly to: number;
  /** How the bounds were set, for the message: `the run's time window …`. */
  readonly what: string;
}

/** 2000-01-01 and 2100-01-01: any Unix-seconds time of this API lies between; milliseconds do not. */
export const PLAUSIBLE_SECONDS: TimeWindow = {
  from: 946_684_800,
  to: 4_102_444_800,
  what: 'the years 2000 to 2100',
};

/** What a time member holds that is wrong, in words. */
export interface TimeProblem {
  readonly message: string;
  readonly expected: string;
  /** The same for every answer with this problem: reports group by it. */
  readonly cause: string;
}

/** Other units a gateway may send instead of seconds, by how many of them make a second. */
const UNITS: ReadonlyArray<[string, number]> = [
  ['milliseconds', 1e3],
  ['microseconds', 1e6],
  ['nanoseconds', 1e9],
];

/** The time `value` of member `name` is Unix seconds within `window`; undefined when it is (or is no integer: the schema's to say). */
export function secondsProblem(name: string, value: unknown, window: TimeWindow): TimeProblem | undefined {
  if (typeof value !== 'number' || !Number.isInteger(value)) return undefined;
  if (value >= window.from && value <= window.to) return undefined;
  const expected = `${name} in Unix seconds within ${window.what} (${iso(window.from)} to ${iso(window.to)})`;
  for (const [unit, perSecond] of UNITS) {
    const seconds = value / perSecond;
    if (seconds >= PLAUSIBLE_SECONDS.from && seconds <= PLAUSIBLE_SECONDS.to)
      return {
        message: `${name} is ${value}, which is Unix ${unit} (${iso(seconds)}), not seconds`,
        expected,
        cause: `${name} in Unix ${unit}, not seconds`,
      };
  }
  return {
    message: `${name} is ${value} (${iso(value)}), outside ${window.what}`,
    expected,
    cause: `${name} outside ${window.what}`,
  };
}

/**
 * The times of a response object (a JSON result or a stream event's response): each in seconds
 * within `window`, and `completed_at` not before `created_at`.
 */
export function responseTimeProblems(response: unknown, window: TimeWindow): TimeProblem[] {
  if (!isRecord(response)) return [];
  const { created_at: created, completed_at: completed } = response;
  const problems = [secondsProblem('created_at', created, window), secondsProblem('completed_at', completed, window)];
  const found = problems.filter((problem): problem is TimeProblem => problem !== undefined);
  if (
    found.length === 0 &&
    typeof created === 'number' &&
    typeof completed === 'number' &&
    Number.isInteger(created) &&
    completed < created
  )
    found.push({
      message: `completed_at ${completed} (${iso(completed)}) is before created_at ${created} (${iso(created)})`,
      expected: 'completed_at at or after created_at',
      cause: 'completed_at before created_at',
    });
  return found;
}

/** The window of a run: from its start to now, each widened by the clock skew allowed (seconds). */
export function runWindow(startedAtMs: number, nowMs: number, skewSeconds: number): TimeWindow {
  return {
    from: Math.floor(startedAtMs / 1000) - skewSeconds,
    to: Math.ceil(nowMs / 1000) + skewSeconds,
    what: `the run's time window (its start to now, ±${skewSeconds} s of clock skew allowed)`,
  };
}

/** A time in seconds as an ISO date, or the number when no date has it. */
export function iso(seconds: number): string {
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? String(seconds) : date.toISOString().replace('.000Z', 'Z');
}

/** The window of a model's `created`: from 2000 to now, the clock skew allowed (seconds): a model made in the future is wrong. */
export function pastWindow(nowMs: number, skewSeconds: number): TimeWindow {
  return {
    from: PLAUSIBLE_SECONDS.from,
    to: Math.ceil(nowMs / 1000) + skewSeconds,
    what: `the past (from 2000 to now, ±${skewSeconds} s of clock skew allowed)`,
  };
}
