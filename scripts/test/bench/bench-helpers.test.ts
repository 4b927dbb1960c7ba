import { parseBenchArgs } from '../../bench/bench-args';
import { checkTargets, medianRound, ratios } from '../../bench/bench-report';
import type { BenchReport, LoadFigures } from '../../bench/bench-report';
import type { LoadResult } from '../../bench/http-load';
import { nodeFlagsOf } from '../../bench/server-specs';
import type { PacedRun } from '../../bench/run-paced-streams';
import { SseCounter } from '../../bench/sse-counter';
import { pacedParts } from '../../bench/bare-sse-server';
import { spread } from '../../bench/paced-stream-client';

const result = (rps: number, p99Ms = 1): LoadResult => ({
  rps,
  p50Ms: 0,
  p99Ms,
  requests: rps,
  errors: 0,
  non2xx: 0,
  statuses: { 200: rps },
  cpuUsPerRequest: 1_000_000 / rps,
});
const row = (
  target: LoadFigures['target'],
  connections: number,
  rps: number,
  p99Ms = 1,
  scenario = 'GET /model/openai/gpt-4o',
): LoadFigures => ({
  scenario,
  connections,
  target,
  median: result(rps, p99Ms),
  roundsRps: [rps],
  cpuUsPerRequest: 1_000_000 / rps,
});

describe('SseCounter', () => {
  it('counts events split across chunks and notices [DONE]', () => {
    const counter = new SseCounter();
    const stream = 'data: {"a":1}\n\n: keep-alive\n\ndata: {"b":2}\r\n\r\ndata: [DONE]\n\n';
    for (let i = 0; i < stream.length; i += 3) counter.push(stream.slice(i, i + 3), i);
    expect([counter.events, counter.done]).toEqual([2, true]);
    expect(counter.firstEventAt).toBeDefined();
  });

  it('reports no [DONE] for a stream cut short', () => {
    const counter = new SseCounter();
    counter.push('data: {"a":1}\n\ndata: [DO', 0);
    expect([counter.events, counter.done]).toEqual([1, false]);
  });
});

describe('ratios and targets', () => {
  const load = [row('ours', 10, 20_000, 2), row('prism', 10, 1_000), row('bare', 10, 30_000)];

  it('divides req/s and CPU per request of ours, Prism and bare within the same run', () => {
    expect(ratios(load)).toEqual([
      {
        scenario: 'GET /model/openai/gpt-4o',
        connections: 10,
        oursOverPrism: 20,
        oursOverBare: 0.67,
        prismCpuOverOurs: 20,
        bareCpuOverOurs: 0.67,
      },
    ]);
  });

  it.each([
    ['met', 20_000, 12_000, 2, 180, 100, [true, true, true, true, true, true, true]],
    ['missed', 9_000, 8_000, 7, 250, 120, [false, false, false, false, false, false, false]],
  ] as const)('marks the targets %s', (_name, ours, oursPost, p99, startupMs, rss, want) => {
    const post = 'POST /responses (JSON)';
    const rows = [
      row('ours', 10, ours, p99),
      row('prism', 10, 1_000),
      row('bare', 10, 20_000),
      row('ours', 10, oursPost, p99, post),
      row('prism', 10, 1_000, 1, post),
      row('bare', 10, 20_000, 1, post),
    ];
    const report: Omit<BenchReport, 'targets'> = {
      generatedAt: '',
      command: '',
      machine: { node: '', cpus: 2, loadAtStart: 0, loadAtEnd: 0 },
      plan: {},
      servers: [
        { name: 'ours', command: '', startupMs, startupRunsMs: [startupMs], peakRssMb: rss },
        { name: 'bare', command: '', startupMs: 120, startupRunsMs: [120], peakRssMb: 50 },
      ],
      load: rows,
      ratios: ratios(rows),
      streaming: null,
      notes: [],
    };
    // GET/Prism, GET/bare, POST/bare, p99 of GET, p99 of POST, start-up (over bare's 120 ms), RSS.
    expect(checkTargets(report, 'GET /model/openai/gpt-4o', post).map((t) => t.met)).toEqual(want);
  });

  it('holds the paced streams to none lost, their RSS and lateness, and misses a cut run', () => {
    const spread = (p99: number): { p50: number; p99: number; max: number } => ({ p50: 1, p99, max: p99 * 2 });
    const run = (lost: number, rss: number, p99: number): PacedRun => ({
      streams: 10_000,
      completed: 10_000 - lost,
      lost,
      failures: lost > 0 ? { 'closed without [DONE]': lost } : {},
      peakOpen: 10_000,
      events: 290_000,
      wallMs: 15_000,
      latenessMs: spread(p99),
      latenessAfterRampMs: spread(p99),
      firstDeltaMs: spread(10),
      clientLoopLagMs: spread(1),
      clientOpenFilesLimit: 20_000,
      server: 'ours-paced',
      serverCpuMs: 9_000,
      serverCpuUsPerEvent: 31,
      serverPeakRssMb: rss,
      serverOpenFilesLimit: 20_000,
    });
    const report = (streams: number, ours: PacedRun): Omit<BenchReport, 'targets'> => ({
      generatedAt: '',
      command: '',
      machine: { node: '', cpus: 2, loadAtStart: 0, loadAtEnd: 0 },
      plan: {},
      servers: [],
      load: [],
      ratios: [],
      streaming: {
        single: {
          timeToFirstEventMs: 1,
          events: 230,
          eventsPerSecond: 50_000,
          durationMs: 5,
          completed: true,
          cpuUsPerEvent: 4,
        },
        paced: {
          requested: 10_000,
          streams,
          tokensPerSecond: 2,
          tokens: 20,
          rampPerSecond: 2_000,
          openFiles: '',
          ours,
          bare: null,
        },
      },
      notes: [],
    });
    const met = (r: Omit<BenchReport, 'targets'>): boolean[] => checkTargets(r, 'GET').map((t) => t.met);
    expect(met(report(10_000, run(0, 250, 30)))).toEqual([true, true, true, true]);
    expect(met(report(10_000, run(3, 450, 80)))).toEqual([true, false, false, false]);
    expect(met(report(9_900, run(0, 250, 30)))).toEqual([true, false, true, true]);
  });

  it('keeps the round with the median req/s', () => {
    expect(medianRound([result(3), result(1), result(2)]).rps).toBe(2);
  });
});

describe('node flags of the start script', () => {
  it.each([
    ['exec node --import tsx cli/mock.ts', []],
    ['exec node --max-semi-space-size=8 --import tsx cli/mock.ts', ['--max-semi-space-size=8']],
    ['node --import=tsx --max-old-space-size=512 -r x cli/mock.ts', ['--max-old-space-size=512']],
    ['tsx cli/mock.ts', []],
  ])('reads %s', (command, want) => {
    expect(nodeFlagsOf(command)).toEqual(want);
  });
});

describe('the bench plan', () => {
  it('takes a median even in a quick run, and runs the full plan by default', () => {
    expect(parseBenchArgs(['--quick'])).toMatchObject({ quick: true, rounds: 3, durationS: 1, streams: 1000 });
    expect(parseBenchArgs([])).toMatchObject({ quick: false, rounds: 5, durationS: 3, streams: 10_000 });
  });

  it.each([['0'], ['20001'], ['many']])('refuses --streams %s with a message', (value) => {
    expect(() => parseBenchArgs(['--streams', value])).toThrow(/--streams must be a whole number from 1 to 20000/);
  });
});

describe('the bare SSE floor', () => {
  it('cuts the captured frames where the mock paces: before each text delta after the first', () => {
    const delta = (k: number): string => `data: {"type":"response.output_text.delta","delta":"${k}"}\n\n`;
    const created = 'data: {"type":"response.created"}\n\n';
    const done = 'data: {"type":"response.completed"}\n\ndata: [DONE]\n\n';
    expect(pacedParts([created, delta(0), delta(1), delta(2), done])).toEqual([
      created + delta(0),
      delta(1),
      delta(2) + done,
    ]);
  });
});

describe('the paced-stream client', () => {
  it('spreads lateness into p50, p99 and max', () => {
    const values = Array.from({ length: 1000 }, (_, i) => i / 10);
    expect(spread(values)).toEqual({ p50: 50, p99: 99, max: 99.9 });
    expect(spread([]).p99).toBeNaN();
  });
});
