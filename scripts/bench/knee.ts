/**
 * The knee of the paced-streams case: the number of streams at which lateness p99 reaches
 * 50 ms, found on a ladder of measured steps (`run-paced-ladder.ts`), and the mock's knee against
 * the bare SSE server's. Pure functions over the measured points, so the wording and the bounds
 * are tested without timing anything.
 */

/** Lateness p99 from this value up counts as crossed (issue: "where lateness p99 crosses 50 ms"). */
export const KNEE_THRESHOLD_MS = 50;
/** The goal: the mock's knee at least this fraction of the bare server's. */
export const KNEE_RATIO_GOAL = 0.7;

export interface KneePoint {
  readonly streams: number;
  readonly p99Ms: number;
  readonly lost: number;
}

export interface Crossing {
  /** Whether some step reached the threshold (or lost streams). */
  readonly crossed: boolean;
  /** Largest step below the threshold before the first crossing; 0 when the first step crossed. */
  readonly heldUpTo: number;
  /** The first step at or over the threshold; null when none was. */
  readonly crossedAt: number | null;
  /** Linear between the two bracketing steps (0 streams counting as 0 ms); null when not crossed or lost. */
  readonly estimate: number | null;
  /** The largest step measured. */
  readonly highest: number;
  readonly text: string;
}

const fmt = (n: number): string => n.toLocaleString('en-US');
const over = (p: KneePoint): boolean => p.lost > 0 || !(p.p99Ms < KNEE_THRESHOLD_MS);

/** The first crossing on a ladder of points (taken in ascending order of streams). */
export function findCrossing(points: readonly KneePoint[]): Crossing {
  const sorted = [...points].sort((a, b) => a.streams - b.streams);
  const highest = sorted.at(-1)?.streams ?? 0;
  let held: KneePoint = { streams: 0, p99Ms: 0, lost: 0 };
  for (const point of sorted) {
    if (!over(point)) {
      held = point;
      continue;
    }
    const estimate =
      point.lost > 0 || !Number.isFinite(point.p99Ms)
        ? null
        : Math.round(
            held.streams +
              ((KNEE_THRESHOLD_MS - held.p99Ms) / (point.p99Ms - held.p99Ms)) * (point.streams - held.streams),
          );
    const why = point.lost > 0 ? `${fmt(point.lost)} lost` : `p99 ${point.p99Ms} ms`;
    const where =
      held.streams === 0
        ? `at or below ${fmt(point.streams)} streams, the first step (${why})`
        : `between ${fmt(held.streams)} (p99 ${held.p99Ms} ms) and ${fmt(point.streams)} streams (${why})`;
    return {
      crossed: true,
      heldUpTo: held.streams,
      crossedAt: point.streams,
      estimate,
      highest,
      text: `crosses ${KNEE_THRESHOLD_MS} ms ${where}${estimate === null ? '' : `, about ${fmt(estimate)} by linear interpolation`}`,
    };
  }
  return {
    crossed: false,
    heldUpTo: held.streams,
    crossedAt: null,
    estimate: null,
    highest,
    text:
      sorted.length === 0
        ? 'not measured'
        : `beyond ${fmt(highest)} streams: p99 stayed under ${KNEE_THRESHOLD_MS} ms at every step`,
  };
}

/** Whether the first crossing is at the lowest step measured: only a step below it can bracket the knee. */
export function crossedAtLowest(points: readonly KneePoint[]): boolean {
  return points.length > 0 && findCrossing(points).crossedAt === Math.min(...points.map((p) => p.streams));
}

export interface KneeRatio {
  /** Mock's estimate / bare's estimate, when both crossed with a p99 to interpolate. */
  readonly estimate: number | null;
  /** What the ladder proves: the ratio lies in [low, high]; null where it proves no bound. */
  readonly low: number | null;
  readonly high: number | null;
  /** true or false where the ladder decides the goal, null where it cannot. */
  readonly met: boolean | null;
  readonly text: string;
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

/** The mock's knee over the bare server's, with the bounds the ladder proves and whether it meets the goal. */
export function kneeRatio(ours: Crossing, bare: Crossing): KneeRatio {
  if (ours.highest === 0 || bare.highest === 0) {
    return { estimate: null, low: null, high: null, met: null, text: 'not measured' };
  }
  if (!ours.crossed && !bare.crossed) {
    const top = Math.min(ours.highest, bare.highest);
    return {
      estimate: null,
      low: null,
      high: null,
      met: null,
      text: `not measurable: neither crossed ${KNEE_THRESHOLD_MS} ms up to ${fmt(top)} streams, the top of the ladder`,
    };
  }
  if (!ours.crossed) {
    // Bare crossed, the mock held every step up to `ours.highest`: its knee lies beyond.
    const low = round2(ours.highest / (bare.crossedAt as number));
    return { estimate: null, low, high: null, met: low >= KNEE_RATIO_GOAL, text: `above ${low} (lower bound)` };
  }
  const oursAt = ours.crossedAt as number;
  if (!bare.crossed) {
    const high = round2(oursAt / bare.highest);
    return {
      estimate: null,
      low: null,
      high,
      met: high < KNEE_RATIO_GOAL ? false : null,
      text: `at most ${high} (upper bound: the bare server held all ${fmt(bare.highest)} streams)`,
    };
  }
  const bareAt = bare.crossedAt as number;
  const low = round2(ours.heldUpTo / bareAt);
  const high = bare.heldUpTo === 0 ? null : round2(oursAt / bare.heldUpTo);
  const estimate = ours.estimate === null || bare.estimate === null ? null : round2(ours.estimate / bare.estimate);
  // The interpolation decides only between two measured steps on both sides: from 0 streams it is a guess.
  const bracketed = ours.heldUpTo > 0 && bare.heldUpTo > 0;
  const met =
    low >= KNEE_RATIO_GOAL
      ? true
      : high !== null && high < KNEE_RATIO_GOAL
        ? false
        : estimate === null || !bracketed
          ? null
          : estimate >= KNEE_RATIO_GOAL;
  const bounds =
    low === 0 && high === null
      ? 'no bound on the ladder: both crossed at its lowest step'
      : `between ${low} and ${high ?? 'unbounded'} on the ladder`;
  return {
    estimate,
    low,
    high,
    met,
    text: estimate === null ? bounds : `${estimate} interpolated (${bounds})`,
  };
}

/** A crossing in a few words, for the targets table: the estimate and its bracket, or "beyond N". */
export function crossingShort(c: Crossing): string {
  if (!c.crossed) return c.highest === 0 ? 'not measured' : `beyond ${fmt(c.highest)}`;
  const bracket =
    c.heldUpTo === 0 ? `≤ ${fmt(c.crossedAt as number)}` : `${fmt(c.heldUpTo)}–${fmt(c.crossedAt as number)}`;
  return c.estimate === null ? bracket : `~${fmt(c.estimate)} (${bracket})`;
}
