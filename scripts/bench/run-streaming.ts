import type { StreamingFigures } from './bench-report';
import type { BenchPlan } from './bench-args';
import type { ChildServer, ServerSpec } from './child-server';
import { API_BASE, LONG_STREAM_REQUEST, STREAM_REQUEST } from './scenarios';
import { oursSpec } from './server-specs';
import { measureManyStreams, measureOneStream } from './stream-bench';

/**
 * Paced so that every stream stays open for a while: the concurrent run then really holds all
 * streams at once instead of finishing the first ones before the last ones connect.
 */
export const HELD_STREAM_TOKENS_PER_SECOND = 20;

const request = { ...STREAM_REQUEST, path: API_BASE + STREAM_REQUEST.path };
const longRequest = { ...LONG_STREAM_REQUEST, path: API_BASE + LONG_STREAM_REQUEST.path };

/**
 * One unpaced long stream on the already running mock (time to first event, events per second),
 * then `plan.streams` short paced streams at once on a fresh mock, all held to `[DONE]`.
 */
export async function runStreaming(
  plan: BenchPlan,
  ours: ChildServer,
  start: (spec: ServerSpec) => Promise<ChildServer>,
  progress: (line: string) => void,
): Promise<StreamingFigures> {
  const single = await measureOneStream(ours.origin, longRequest, plan.singleStreamTries);
  progress(`one stream: first event ${single.timeToFirstEventMs} ms, ${single.eventsPerSecond} events/s`);
  const paced = await start(oursSpec('ours-streaming', ['--tokens-per-second', String(HELD_STREAM_TOKENS_PER_SECOND)]));
  try {
    const concurrent = await measureManyStreams(paced.origin, request, plan.streams, 60_000);
    progress(
      `${plan.streams} streams: ${concurrent.completed} completed, ${concurrent.lost} lost, peak ${concurrent.peakOpen} open`,
    );
    return {
      single,
      concurrent,
      pacing: `mock started with --tokens-per-second ${HELD_STREAM_TOKENS_PER_SECOND}`,
      peakRssMb: paced.memory()?.peakRssMb ?? null,
    };
  } finally {
    await paced.stop();
  }
}
