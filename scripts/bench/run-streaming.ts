import type { StreamingFigures } from './bench-report';
import type { BenchPlan } from './bench-args';
import type { ChildServer, ServerSpec } from './child-server';
import { API_BASE, LONG_STREAM_REQUEST } from './scenarios';
import { measureOneStream } from './stream-bench';
import { runPacedStreams } from './run-paced-streams';

const longRequest = { ...LONG_STREAM_REQUEST, path: API_BASE + LONG_STREAM_REQUEST.path };

/**
 * One unpaced long stream on the already running mock (time to first event, events per second,
 * server CPU per event), then `plan.streams` paced streams at once on a fresh mock and on the
 * bare SSE floor, each client a process of its own.
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
  const paced = await runPacedStreams(plan.streams, start, scratch, progress);
  return { single, paced };
}
