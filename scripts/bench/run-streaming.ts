import type { StreamingFigures } from './bench-report';
import type { BenchPlan } from './bench-args';
import type { ChildServer, ServerSpec } from './child-server';
import { API_BASE, LONG_STREAM_REQUEST } from './workloads';
import { measureOneStream } from './stream-bench';
import { runPacedLadder } from './run-paced-ladder';

const longRequest = { ...LONG_STREAM_REQUEST, path: API_BASE + LONG_STREAM_REQUEST.path };

/**
 * One unpaced long stream on the already running mock (time to first event, events per second,
 * server CPU per event), then the ladder of paced streams on fresh mocks and bare SSE floors,
 * taking turns, `plan.streams` among its steps (run-paced-ladder.ts); the client is a process of its own.
 */
export async function runStreaming(
  plan: BenchPlan,
  ours: ChildServer,
  start: (spec: ServerSpec) => Promise<ChildServer>,
  scratch: string,
  progress: (line: string) => void,
): Promise<StreamingFigures> {
  const single = await measureOneStream(ours.origin, longRequest, plan.singleStreamTries, ours.cpuMs);
  progress(
    `one stream: first event ${single.timeToFirstEventMs} ms, ${single.eventsPerSecond} events/s, ${single.cpuUsPerEvent ?? '?'} µs CPU/event`,
  );
  const { paced, knee } = await runPacedLadder(plan.kneeLadder, plan.streams, start, scratch, progress);
  return { single, paced, knee };
}
