import { parseBenchArgs } from '../../bench/bench-args';
import { medianRound, ratios } from '../../bench/bench-report';
import type { LoadFigures } from '../../bench/bench-report';
import type { LoadResult } from '../../bench/http-load';
import { nodeFlagsOf } from '../../bench/server-specs';
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
  workload = 'GET /model/openai/gpt-4o',
): LoadFigures => ({
  workload,
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

describe('ratios', () => {
  const load = [row('ours', 10, 20_000, 2), row('prism', 10, 1_000), row('bare', 10, 30_000)];

  it('divides req/s and CPU per request of ours, Prism and bare within the same run', () => {
    expect(ratios(load)).toEqual([
      {
        workload: 'GET /model/openai/gpt-4o',
        connections: 10,
        oursOverPrism: 20,
        oursOverBare: 0.67,
        prismCpuOverOurs: 20,
        bareCpuOverOurs: 0.67,
      },
    ]);
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
    expect(parseBenchArgs(['--quick'])).toMatchObject({
      quick: true,
      rounds: 3,
      durationS: 1,
      streams: 1000,
      startupTries: 5,
      prismStartupTries: 3,
    });
    expect(parseBenchArgs([])).toMatchObject({
      quick: false,
      rounds: 15,
      durationS: 1,
      streams: 10_000,
      startupTries: 15,
      prismStartupTries: 5,
    });
  });

  it('climbs the knee ladder by default, a short one in a quick run, none with --no-knee', () => {
    expect(parseBenchArgs([]).kneeLadder).toEqual([1000, 2500, 5000, 10_000, 15_000, 20_000]);
    expect(parseBenchArgs(['--quick']).kneeLadder).toEqual([500, 1000, 2000]);
    expect(parseBenchArgs(['--quick', '--knee']).kneeLadder).toEqual([500, 1000, 2000]);
    expect(parseBenchArgs(['--no-knee']).kneeLadder).toEqual([]);
    expect(() => parseBenchArgs(['--knee', '--no-knee'])).toThrow(/contradict/);
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
