/**
 * The paced-streams case as a ladder: at each step a fresh mock and a fresh bare SSE floor
 * (replaying the mock's own events with the same pacing) each get that many paced streams from
 * the client process, taking turns (the first to go alternates from step to step), so a burst of
 * noise on the shared machine hits both alike. A server stops climbing once its lateness p99
 * reached 50 ms, except at the main step (`--streams`, 10,000 by default), which both always run:
 * its figures are the paced-streams figures of the report. A server that crossed at the first
 * step goes down by halves (to 100 streams at least) until it holds. The knee is where each
 * crossed (knee.ts).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ChildServer, ServerSpec } from './child-server';
import type { Crossing, KneePoint, KneeRatio } from './knee';
import { KNEE_THRESHOLD_MS, crossedAtLowest, findCrossing, kneeRatio } from './knee';
import type { PacedRun, PacedStreamsFigures } from './run-paced-streams';
import {
  PACED_RAMP_PER_SECOND,
  PACED_TOKENS,
  PACED_TOKENS_PER_SECOND,
  openFilesCap,
  pacedBareSpec,
  pacedMockSpec,
  runPacedStep,
  toCapturedStream,
} from './run-paced-streams';

export interface KneeFigures {
  readonly thresholdMs: number;
  /** The steps, in streams, after the open-files cap. */
  readonly ladder: readonly number[];
  readonly ours: readonly KneePoint[];
  readonly bare: readonly KneePoint[];
  readonly oursCrossing: Crossing;
  readonly bareCrossing: Crossing;
  readonly ratio: KneeRatio;
}

/** The ladder's steps: `ladder` and `main`, each cut to what the open-files limit holds, ascending, once each. */
export function ladderSteps(ladder: readonly number[], main: number, fits: number): number[] {
  return [...new Set([...ladder, main].map((n) => Math.min(n, fits)))].sort((a, b) => a - b);
}

/** The smallest step the ladder goes down to when a server crossed at its first step. */
const LOWEST_STEP = 100;

const point = (streams: number, run: PacedRun): KneePoint => ({ streams, p99Ms: run.latenessMs.p99, lost: run.lost });
const crossed = (p: KneePoint): boolean => p.lost > 0 || !(p.p99Ms < KNEE_THRESHOLD_MS);

/** Runs the ladder; with `ladder` empty only the main step runs and the knee is null. */
export async function runPacedLadder(
  ladder: readonly number[],
  requested: number,
  start: (spec: ServerSpec) => Promise<ChildServer>,
  scratch: string,
  progress: (line: string) => void,
): Promise<{ paced: PacedStreamsFigures; knee: KneeFigures | null }> {
  const { fits: top, openFiles } = openFilesCap(Math.max(requested, ...ladder));
  const main = Math.min(requested, top);
  progress(openFiles);
  const steps = ladderSteps(ladder, main, top);
  const capturedFile = path.join(scratch, 'captured-stream.json');
  const mock = pacedMockSpec();
  const bare = pacedBareSpec(capturedFile);
  const points = { ours: [] as KneePoint[], bare: [] as KneePoint[] };
  const atMain: { ours?: PacedRun; bare?: PacedRun } = {};
  let captured = false;
  for (const [index, streams] of steps.entries()) {
    // The mock goes first at the first step: its unpaced answer is what the bare floor replays.
    const order = index % 2 === 0 ? (['ours', 'bare'] as const) : (['bare', 'ours'] as const);
    for (const who of order) {
      const done = points[who].some(crossed);
      if (done && streams !== main) continue;
      const { run, unpaced } = await runPacedStep(who === 'ours' ? mock : bare, streams, start, progress);
      if (who === 'ours' && !captured) {
        writeFileSync(capturedFile, JSON.stringify(toCapturedStream(unpaced)));
        captured = true;
      }
      if (streams === main) atMain[who] = run;
      points[who].push(point(streams, run));
    }
  }
  // A server that crossed at the first step gets halved steps below it, so a busy machine still
  // gives a bracket rather than "at or below the first step".
  const below: number[] = [];
  for (let streams = Math.floor((steps[0] ?? 0) / 2); ladder.length > 0 && streams >= LOWEST_STEP; streams >>= 1) {
    const order = (below.length % 2 === 0 ? (['ours', 'bare'] as const) : (['bare', 'ours'] as const)).filter((who) =>
      crossedAtLowest(points[who]),
    );
    if (order.length === 0) break;
    below.push(streams);
    for (const who of order) {
      const { run } = await runPacedStep(who === 'ours' ? mock : bare, streams, start, progress);
      points[who].push(point(streams, run));
    }
  }
  if (!atMain.ours || !atMain.bare) throw new Error(`the ${main}-stream step did not run`);
  const paced: PacedStreamsFigures = {
    requested,
    streams: main,
    tokensPerSecond: PACED_TOKENS_PER_SECOND,
    tokens: PACED_TOKENS,
    rampPerSecond: PACED_RAMP_PER_SECOND,
    openFiles,
    ours: atMain.ours,
    bare: atMain.bare,
  };
  if (ladder.length === 0) return { paced, knee: null };
  const oursCrossing = findCrossing(points.ours);
  const bareCrossing = findCrossing(points.bare);
  const knee: KneeFigures = {
    thresholdMs: KNEE_THRESHOLD_MS,
    ladder: [...below.reverse(), ...steps],
    ours: points.ours,
    bare: points.bare,
    oursCrossing,
    bareCrossing,
    ratio: kneeRatio(oursCrossing, bareCrossing),
  };
  progress(`knee: ours ${oursCrossing.text}; bare ${bareCrossing.text}; ours/bare ${knee.ratio.text}`);
  return { paced, knee };
}
