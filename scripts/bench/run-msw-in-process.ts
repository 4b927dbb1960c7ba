/**
 * The in-process path of `npm run bench`: requests per second through msw's `setupServer` with the
 * mock's handlers (`model-gateway-mock/msw`, as built), against a hand-written msw handler that
 * returns the same bytes for the same URL. Both run in this process, through the global fetch
 * msw wraps, `concurrency` requests in flight; rounds alternate between the two, so noise on the
 * shared machine hits both alike, and the median of the rounds is reported. The goal is ≥ 0.5×.
 */
import path from 'node:path';
import { http } from 'msw';
import type { HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import type * as MswEntry from '../../mocks/msw';
import type { BenchPlan } from './bench-args';
import { median } from './median';
import { WORKLOADS } from './workloads';
import type { BenchRequest } from './canned-response';
import { ROOT } from './server-specs';

const ORIGIN = 'http://bench.test';
const BASE = `${ORIGIN}/api/v1`;
const CONCURRENCY = 10;

export interface InProcessFigures {
  readonly label: string;
  readonly handlersRps: number;
  readonly handWrittenRps: number;
  /** handlersRps / handWrittenRps, in the same run. */
  readonly ratio: number;
}

function init(request: BenchRequest): RequestInit {
  return { method: request.method, headers: request.headers, body: request.body };
}

/** Requests answered in `seconds` with `CONCURRENCY` in flight; every answer read whole and checked. */
async function rate(request: BenchRequest, seconds: number): Promise<number> {
  const url = `${BASE}${request.path}`;
  const until = performance.now() + seconds * 1000;
  let done = 0;
  const worker = async (): Promise<void> => {
    while (performance.now() < until) {
      const response = await fetch(url, init(request));
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${request.method} ${request.path} answered ${response.status}`);
      done += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return done / seconds;
}

export async function runMswInProcess(plan: BenchPlan, progress: (line: string) => void): Promise<InProcessFigures[]> {
  // The package as built (scripts/build.ts ran first): dist/precompiled/ is its setup.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the built entry, as users load it
  const { createHandlers } = require(path.join(ROOT, 'dist', 'mocks', 'msw.js')) as typeof MswEntry;
  const mock = createHandlers({ baseUrl: BASE });
  const server = setupServer();
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const figures: InProcessFigures[] = [];
    for (const workload of WORKLOADS) {
      // The hand-written handler returns the mock's own answer, captured once: the same bytes.
      server.resetHandlers(...mock.handlers);
      const captured = await fetch(`${BASE}${workload.request.path}`, init(workload.request));
      const bytes = await captured.arrayBuffer();
      const headers = new Headers(captured.headers);
      const handWritten: HttpHandler = http.all(`${BASE}${workload.request.path}`, () =>
        Promise.resolve(new Response(bytes, { status: captured.status, headers })),
      );
      const ours: number[] = [];
      const theirs: number[] = [];
      await rate(workload.request, plan.warmupS);
      for (let round = 0; round < plan.rounds; round++) {
        server.resetHandlers(...mock.handlers);
        ours.push(await rate(workload.request, plan.durationS));
        server.resetHandlers(handWritten);
        theirs.push(await rate(workload.request, plan.durationS));
      }
      const handlersRps = Math.round(median(ours));
      const handWrittenRps = Math.round(median(theirs));
      const ratio = Math.round((handlersRps / handWrittenRps) * 100) / 100;
      progress(`msw in-process ${workload.label}: ${handlersRps} vs ${handWrittenRps} req/s (${ratio}×)`);
      figures.push({ label: workload.label, handlersRps, handWrittenRps, ratio });
    }
    return figures;
  } finally {
    server.close();
  }
}

/** The table printed after the servers' report. */
export function renderInProcess(figures: readonly InProcessFigures[]): string {
  const lines = [
    '',
    `In-process (msw setupServer, ${CONCURRENCY} in flight): model-gateway-mock/msw handlers vs a hand-written handler returning the same bytes (goal ≥ 0.5×)`,
    `${'request'.padEnd(28)}${'handlers req/s'.padStart(16)}${'hand-written req/s'.padStart(20)}${'ratio'.padStart(8)}`,
  ];
  for (const f of figures) {
    const mark = f.ratio >= 0.5 ? '' : '  below goal';
    lines.push(
      `${f.label.padEnd(28)}${String(f.handlersRps).padStart(16)}${String(f.handWrittenRps).padStart(20)}${`${f.ratio}×`.padStart(8)}${mark}`,
    );
  }
  return lines.join('\n');
}
