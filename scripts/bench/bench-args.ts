import { parseArgs } from 'node:util';

export const BENCH_USAGE = `Usage: npm run bench [-- options]

Compares the mock with Prism and a bare node:http server on 127.0.0.1, then measures streaming.
  --quick        short run for CI (3 rounds of 1 s per case, 1,000 paced streams)
                 (full run: 15 rounds of 1 s per case and server, servers taking turns,
                 10,000 paced streams)
  --streams N    paced streams held open at once, 20 tokens at 2 per second each
                 (default 10000; quick 1000); the client is a process of its own
  --knee         find the knee (the default): paced streams on a ladder of steps, mock
                 and bare SSE server taking turns, each fresh at every step, until
                 lateness p99 reaches 50 ms for each; a server stops climbing once it
                 crossed, and goes down by halves (to 100) if it crossed at the first
                 step. Full run: 1,000 2,500 5,000 10,000 15,000 20,000 streams, cut to
                 what the open-files limit holds (up to about 3 minutes more); quick
                 run: 500 1,000 2,000 (45-60 s more). The --streams step is always run
                 by both: its figures are the paced-streams figures
  --no-knee      no ladder: only the --streams step, mock and bare SSE server
  --proxy-only   only the proxy's rows: the proxy against a bare node:http relay in front
                 of the same upstream (GET and POST at 10 connections, 1,000 paced
                 streams twice in each process, the second time measured, the long
                 run), the same in a quick and a full run but for the rounds
  --proxy-exchanges N
                 exchanges of the proxy's long run before SIGTERM, whose reports must be
                 written within 5 s (default 100000)
  --verify-mb N  size of the NDJSON traffic file verify reads, in MB, and of the same
                 exchanges as a HAR for Redocly CLI's drift (default 1024; quick 64)
  --verify-only  only the recorded-traffic rows: verify against redocly drift (no build:
                 dist/cli/model-gateway.js verify when built, else the sources)
  --out FILE     where to write the JSON report (default reports/bench.json)
  -h, --help     show this help`;

/** Steps of the knee ladder, up to 20,000 streams (an open-files limit below that cuts the top steps). */
export const FULL_LADDER: readonly number[] = [1000, 2500, 5000, 10_000, 15_000, 20_000];
export const QUICK_LADDER: readonly number[] = [500, 1000, 2000];

export interface BenchPlan {
  readonly quick: boolean;
  /** Measured runs per server and case; the median is reported. */
  readonly rounds: number;
  readonly warmupS: number;
  readonly durationS: number;
  readonly connections: readonly number[];
  /** Start-ups timed for the mock and for bare node, in turns (the median is reported); the last one stays up. */
  readonly startupTries: number;
  /** Start-ups timed for Prism (a second or more each; no target depends on them). */
  readonly prismStartupTries: number;
  readonly streams: number;
  /** Steps of the knee ladder in streams (the --streams step is always run too); empty with --no-knee. */
  readonly kneeLadder: readonly number[];
  readonly singleStreamTries: number;
  /** Only the proxy's rows (run-proxy-bench.ts). */
  readonly proxyOnly: boolean;
  /** Paced streams relayed by the proxy and by the bare relay. */
  readonly proxyStreams: number;
  /** Exchanges of the proxy's long run. */
  readonly proxyExchanges: number;
  /** Size of the traffic file of the verify rows, in MB (run-verify-bench.ts). */
  readonly verifyMb: number;
  /** Only the verify rows. */
  readonly verifyOnly: boolean;
  readonly out: string;
  readonly help: boolean;
}

export function parseBenchArgs(argv: readonly string[]): BenchPlan {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    options: {
      quick: { type: 'boolean', default: false },
      streams: { type: 'string' },
      knee: { type: 'boolean', default: false },
      'no-knee': { type: 'boolean', default: false },
      'proxy-only': { type: 'boolean', default: false },
      'proxy-exchanges': { type: 'string' },
      'verify-mb': { type: 'string' },
      'verify-only': { type: 'boolean', default: false },
      out: { type: 'string', default: 'reports/bench.json' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const quick = values.quick === true;
  const streams = values.streams === undefined ? (quick ? 1000 : 10_000) : Number(values.streams);
  if (!Number.isInteger(streams) || streams < 1 || streams > 20_000) {
    throw new Error(`--streams must be a whole number from 1 to 20000, got ${values.streams ?? ''}`);
  }
  if (values.knee === true && values['no-knee'] === true) throw new Error('--knee and --no-knee contradict each other');
  const proxyExchanges = Number(values['proxy-exchanges'] ?? 100_000);
  if (!Number.isInteger(proxyExchanges) || proxyExchanges < 1 || proxyExchanges > 10_000_000)
    throw new Error(
      `--proxy-exchanges must be a whole number from 1 to 10000000, got ${values['proxy-exchanges'] ?? ''}`,
    );
  const verifyMb = Number(values['verify-mb'] ?? (quick ? 64 : 1024));
  if (!Number.isInteger(verifyMb) || verifyMb < 1 || verifyMb > 16_384)
    throw new Error(`--verify-mb must be a whole number from 1 to 16384, got ${values['verify-mb'] ?? ''}`);
  return {
    quick,
    // Even the quick run takes the median of 3 rounds: one burst of noise on a shared machine
    // then moves no figure (a single 2 s round once showed ours at twice its CPU per request).
    // The full run takes many short rounds: on 2 shared vCPUs the machine's speed changes from
    // one second to the next, and a median of 15 rounds of 1 s moves far less than one of 5 rounds
    // of 3 s, in the same time (docs/performance.md, "How it is measured").
    rounds: quick ? 3 : 15,
    warmupS: quick ? 1 : 2,
    durationS: 1,
    connections: [10, 100],
    // A start is some 100-200 ms, and one series of 5 starts each gave ratios from 1.2 to 1.7
    // within minutes on this machine (40 starts each: 1.37): 15 keep the median where it belongs.
    startupTries: quick ? 5 : 15,
    prismStartupTries: quick ? 3 : 5,
    streams,
    kneeLadder: values['no-knee'] === true ? [] : quick ? QUICK_LADDER : FULL_LADDER,
    singleStreamTries: quick ? 3 : 10,
    proxyOnly: values['proxy-only'] === true,
    proxyStreams: 1000,
    proxyExchanges,
    verifyMb,
    verifyOnly: values['verify-only'] === true,
    out: values.out ?? 'reports/bench.json',
    help: values.help === true,
  };
}
