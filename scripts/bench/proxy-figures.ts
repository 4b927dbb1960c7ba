import type { LoadResult } from './http-load';
import type { LongRunFigures } from './long-run';
import type { PacedRun } from './run-paced-streams';

/** The proxy's rows of the bench report (run-proxy-bench.ts measures them). */
export interface ProxyLoadRow {
  readonly workload: string;
  readonly connections: number;
  readonly relay: LoadResult;
  readonly proxy: LoadResult;
  readonly relayRoundsRps: readonly number[];
  readonly proxyRoundsRps: readonly number[];
  /** Median over rounds of CPU per request, µs. */
  readonly relayCpuUs: number | null;
  readonly proxyCpuUs: number | null;
}

/**
 * Paced streams through each server: `relay` and `proxy` are the measured runs, each process's
 * second; `fresh` their first, in a process that had relayed nothing yet (which is also its
 * warm-up: the optimizing compiler's first work on the code a stream goes through falls in it).
 */
export interface ProxyStreams {
  readonly relay: PacedRun;
  readonly proxy: PacedRun;
  readonly fresh: { readonly relay: PacedRun; readonly proxy: PacedRun };
}

/** Streams the proxy lost in either run: any is a miss. */
export function lostStreams(streams: ProxyStreams): number {
  return streams.proxy.lost + streams.fresh.proxy.lost;
}

export interface ProxyFigures {
  readonly commands: { readonly relay: string; readonly proxy: string };
  readonly load: readonly ProxyLoadRow[];
  readonly streams: ProxyStreams | null;
  readonly longRun: LongRunFigures | null;
  readonly errors: readonly string[];
}
