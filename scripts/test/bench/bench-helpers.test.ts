import { parseBenchArgs } from '../../bench/bench-args';
import { checkTargets, medianRound, ratios } from '../../bench/bench-report';
import type { BenchReport, LoadFigures } from '../../bench/bench-report';
import type { LoadResult } from '../../bench/http-load';
import { nodeFlagsOf } from '../../bench/server-specs';
import { SseCounter } from '../../bench/sse-counter';

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
const row = (target: LoadFigures['target'], connections: number, rps: number, p99Ms = 1): LoadFigures => ({
  scenario: 'GET /model/openai/gpt-4o',
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
    ['met', 20_000, 2, 300, 140, [true, true, true, true, true]],
    ['missed', 9_000, 7, 600, 160, [false, false, false, false, false]],
  ] as const)('marks the targets %s', (_name, ours, p99, startupMs, rss, want) => {
    const rows = [row('ours', 10, ours, p99), row('prism', 10, 1_000), row('bare', 10, 20_000)];
    const report: Omit<BenchReport, 'targets'> = {
      generatedAt: '',
      command: '',
      machine: { node: '', cpus: 2, loadAtStart: 0, loadAtEnd: 0 },
      plan: {},
      servers: [{ name: 'ours', command: '', startupMs, startupRunsMs: [startupMs], peakRssMb: rss }],
      load: rows,
      ratios: ratios(rows),
      streaming: null,
      notes: [],
    };
    expect(checkTargets(report, 'GET /model/openai/gpt-4o').map((t) => t.met)).toEqual(want);
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
    expect(parseBenchArgs(['--quick'])).toMatchObject({ quick: true, rounds: 3, durationS: 1, streams: 200 });
    expect(parseBenchArgs([])).toMatchObject({ quick: false, rounds: 5, durationS: 3, streams: 1000 });
  });

  it.each([['0'], ['10001'], ['many']])('refuses --streams %s with a message', (value) => {
    expect(() => parseBenchArgs(['--streams', value])).toThrow(/--streams must be a whole number from 1 to 10000/);
  });
});
