/**
 * The proxy's long run: `exchanges` exchanges through a fresh proxy (GET /model and POST
 * /responses in turn, 10 connections), then SIGTERM, timed until the process has exited, which
 * it does once junit.xml, conformance.json and conformance.html are written. The proxy's peak
 * RSS (the kernel's high-water mark) is read just before it exits.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import type { ChildServer, ServerSpec } from './child-server';
import { proxySpec } from './proxy-specs';
import { WORKLOADS, forTarget } from './workloads';

export interface LongRunFigures {
  readonly exchanges: number;
  /** How long sending them took, ms, and at what rate. */
  readonly sendMs: number;
  readonly rps: number;
  readonly errors: number;
  /** SIGTERM → process exit, reports written, ms. */
  readonly reportMs: number;
  /** Highest resident size of the proxy over the run, reports included, MiB. */
  readonly peakRssMb: number | null;
  /** `requests` in the conformance.json it wrote: every exchange counted. */
  readonly reportedRequests: number | null;
  /** The three report files exist. */
  readonly written: boolean;
}

/** SIGKILL only after this long: a proxy still busy then has missed its target by far. */
const STOP_LIMIT_MS = 120_000;

export async function runLongProxy(
  exchanges: number,
  start: (spec: ServerSpec) => Promise<ChildServer>,
  upstreamOrigin: string,
  reportDir: string,
  progress: (line: string) => void,
): Promise<LongRunFigures> {
  const proxy = await start(proxySpec(upstreamOrigin, reportDir, 'proxy-long'));
  let peak = 0;
  const sample = (): void => {
    peak = Math.max(peak, proxy.memory()?.peakRssMb ?? 0);
  };
  const sampler = setInterval(sample, 100);
  try {
    const requests = WORKLOADS.map((s) => forTarget('ours', s.request)).map((r) => ({
      method: r.method,
      path: r.path,
      headers: { ...r.headers },
      ...(r.body === undefined ? {} : { body: r.body }),
    }));
    const sent = performance.now();
    const result = await autocannon({ url: proxy.origin, connections: 10, amount: exchanges, requests, timeout: 30 });
    const sendMs = Math.round(performance.now() - sent);
    sample();
    progress(
      `proxy long run: ${result.requests.total} exchanges in ${(sendMs / 1000).toFixed(1)} s, peak RSS so far ${peak} MB; SIGTERM`,
    );
    const stopped = performance.now();
    await proxy.stop(STOP_LIMIT_MS);
    const reportMs = Math.round(performance.now() - stopped);
    const files = ['junit.xml', 'conformance.json', 'conformance.html'].map((f) => path.join(reportDir, f));
    const written = files.every((f) => existsSync(f));
    const reportedRequests = written ? requestsIn(files[1] as string) : null;
    progress(
      `proxy long run: reports ${written ? 'written' : 'NOT written'} ${reportMs} ms after SIGTERM, ${reportedRequests ?? '?'} requests in conformance.json`,
    );
    return {
      exchanges: result.requests.total,
      sendMs,
      rps: Math.round((result.requests.total * 1000) / Math.max(1, sendMs)),
      errors: result.errors + result.non2xx,
      reportMs,
      peakRssMb: peak === 0 ? null : peak,
      reportedRequests,
      written,
    };
  } finally {
    clearInterval(sampler);
    await proxy.stop(1_000);
  }
}

function requestsIn(file: string): number | null {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8')) as { requests?: unknown };
    return typeof report.requests === 'number' ? report.requests : null;
  } catch {
    return null;
  }
}
