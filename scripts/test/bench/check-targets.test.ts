import { ratios } from '../../bench/bench-report';
import type { BenchReport, LoadFigures, TargetCheck } from '../../bench/bench-report';
import { checkTargets } from '../../bench/check-targets';
import { findCrossing, kneeRatio } from '../../bench/knee';
import type { KneeFigures } from '../../bench/run-paced-ladder';
import type { PacedRun } from '../../bench/run-paced-streams';

type Report = Omit<BenchReport, 'targets'>;
const GET = 'GET /model/openai/gpt-4o';
const POST = 'POST /responses (JSON)';

const row = (target: LoadFigures['target'], workload: string, connections: number, rps: number): LoadFigures => ({
  workload,
  connections,
  target,
  median: { rps, p50Ms: 0, p99Ms: 1, requests: rps, errors: 0, non2xx: 0, statuses: { 200: rps }, cpuUsPerRequest: 1 },
  roundsRps: [rps],
  cpuUsPerRequest: 1_000_000 / rps,
});

const base = (load: LoadFigures[] = []): Report => ({
  generatedAt: '',
  command: '',
  machine: { node: '', cpus: 2, loadAtStart: 0, loadAtEnd: 0 },
  plan: {},
  servers: [],
  load,
  ratios: ratios(load),
  streaming: null,
  notes: [],
});

const find = (checks: readonly TargetCheck[], start: string): TargetCheck => {
  const check = checks.find((c) => c.target.startsWith(start));
  if (!check) throw new Error(`no target starting with ${start}: ${checks.map((c) => c.target).join(' | ')}`);
  return check;
};

describe('the req/s targets against bare node', () => {
  it.each([
    [GET, 10, 0.86, 'GET req/s ≥ 0.85× bare node at 10', true],
    [GET, 10, 0.84, 'GET req/s ≥ 0.85× bare node at 10', false],
    [GET, 100, 0.81, 'GET req/s ≥ 0.8× bare node at 100', true],
    [POST, 10, 0.81, 'POST /responses req/s ≥ 0.8× bare node at 10', true],
    [POST, 10, 0.79, 'POST /responses req/s ≥ 0.8× bare node at 10', false],
    [POST, 100, 0.51, 'POST /responses req/s ≥ 0.5× bare node at 100', true],
  ] as const)('%s at %i connections, %f× bare: %s → %s', (workload, connections, share, target, met) => {
    const load = [row('ours', workload, connections, share * 10_000), row('bare', workload, connections, 10_000)];
    expect(find(checkTargets(base(load), GET, POST), target)).toMatchObject({ measured: `${share}×`, met });
  });

  it('keeps GET ≥ 10× Prism, and misses a ratio that could not be measured', () => {
    const load = [row('ours', GET, 10, 12_000), row('prism', GET, 10, 1_000)];
    const checks = checkTargets(base(load), GET, POST);
    expect(find(checks, 'GET req/s ≥ 10× Prism at 10')).toMatchObject({ measured: '12×', met: true });
    expect(find(checks, 'GET req/s ≥ 0.85× bare node at 10')).toMatchObject({ measured: 'n/a', met: false });
  });
});

describe('start-up, memory and the in-process path', () => {
  const server = (name: string, startupMs: number, peakRssMb = 100): BenchReport['servers'][number] => ({
    name,
    command: '',
    startupMs,
    startupRunsMs: [startupMs],
    peakRssMb,
  });

  it.each([
    [150, 100, true],
    [151, 100, false],
    [180, 160, true],
    [240, 200, true],
  ])(
    'start-up %i ms against bare node %i ms: ≤ 1.5× %s (no absolute bound: the ratio replaced ≤ 200 ms)',
    (ours, bare, ratioMet) => {
      const checks = checkTargets({ ...base(), servers: [server('ours', ours), server('bare', bare)] }, GET, POST);
      expect(find(checks, 'start-up ≤ 1.5× bare node').met).toBe(ratioMet);
      expect(checks.some((c) => c.target.startsWith('start-up ≤ 200'))).toBe(false);
    },
  );

  it('holds each msw in-process figure to 0.5× the hand-written handler', () => {
    const inProcess = [
      { label: GET, handlersRps: 50, handWrittenRps: 100, ratio: 0.5 },
      { label: POST, handlersRps: 49, handWrittenRps: 100, ratio: 0.49 },
    ];
    const checks = checkTargets({ ...base(), inProcess }, GET, POST);
    expect(find(checks, `msw in-process ≥ 0.5× a hand-written msw handler, ${GET}`).met).toBe(true);
    expect(find(checks, `msw in-process ≥ 0.5× a hand-written msw handler, ${POST}`).met).toBe(false);
  });
});

describe('the paced-stream targets', () => {
  const spread = (p99: number): PacedRun['latenessMs'] => ({ p50: 1, p99, max: p99 * 2 });
  const run = (server: string, over: Partial<PacedRun> & { p99?: number } = {}): PacedRun => ({
    streams: 10_000,
    completed: 10_000 - (over.lost ?? 0),
    lost: 0,
    failures: {},
    peakOpen: 10_000,
    events: 290_000,
    wallMs: 15_000,
    latenessMs: spread(over.p99 ?? 10),
    latenessAfterRampMs: spread(10),
    firstDeltaMs: spread(10),
    clientLoopLagMs: spread(1),
    clientOpenFilesLimit: 20_000,
    server,
    serverCpuMs: 9_000,
    serverCpuUsPerEvent: 20,
    serverPeakRssMb: 200,
    serverOpenFilesLimit: 20_000,
    ...over,
  });
  const report = (streams: number, ours: PacedRun, knee: KneeFigures | null = null): Report => ({
    ...base(),
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
        bare: run('bare-sse', { p99: 10 }),
      },
      knee,
    },
  });
  const names = [
    '10,000 paced streams held',
    'per event ≤ 1.3×',
    'lateness p99 ≤ 3×',
    'lateness p99 < 50 ms',
    'peak RSS ≤ 300 MB',
  ];
  const verdicts = (r: Report): (boolean | null)[] =>
    names.map((name) => {
      const check = checkTargets(r, GET, POST).find((c) => c.target.includes(name));
      if (!check) throw new Error(`no target ${name}`);
      return check.met;
    });

  it('meets each at 10,000 streams right at its limit', () => {
    expect(verdicts(report(10_000, run('ours', { serverCpuUsPerEvent: 26, p99: 30, serverPeakRssMb: 300 })))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
  });

  it('misses each just past its limit', () => {
    const ours = run('ours', { lost: 1, serverCpuUsPerEvent: 27, p99: 50, serverPeakRssMb: 301 });
    expect(verdicts(report(10_000, ours))).toEqual([false, false, false, false, false]);
    // 3× bare but 50 ms or more: the absolute limit misses alone.
    expect(verdicts(report(10_000, run('ours', { p99: 29 }))).slice(2, 4)).toEqual([true, true]);
  });

  it('leaves them undecided in a run of fewer streams, except a loss, RSS or p99 already over its limit', () => {
    const quick = checkTargets(report(1000, run('ours')), GET, POST);
    expect(find(quick, '10,000 paced streams held').measured).toMatch(/^measured at 1,000 streams, not 10,000: /);
    expect(verdicts(report(1000, run('ours')))).toEqual([null, null, null, null, null]);
    const bad = run('ours', { lost: 2, serverCpuUsPerEvent: 90, p99: 80, serverPeakRssMb: 350 });
    expect(verdicts(report(1000, bad))).toEqual([false, null, null, false, false]);
  });

  it('takes the knee verdict from the ladder, and marks a run without the ladder undecided', () => {
    const oursCrossing = findCrossing([{ streams: 10_000, p99Ms: 80, lost: 0 }]);
    const bareCrossing = findCrossing([{ streams: 19_900, p99Ms: 10, lost: 0 }]);
    const knee: KneeFigures = {
      thresholdMs: 50,
      ladder: [10_000, 19_900],
      ours: [],
      bare: [],
      oursCrossing,
      bareCrossing,
      ratio: kneeRatio(oursCrossing, bareCrossing),
    };
    const checks = checkTargets(report(10_000, run('ours'), knee), GET, POST);
    expect(find(checks, 'knee')).toMatchObject({
      measured:
        'ours ~6,250 (≤ 10,000), bare beyond 19,900: at most 0.5 (upper bound: the bare server held all 19,900 streams)',
      met: false,
    });
    expect(find(checkTargets(report(10_000, run('ours')), GET, POST), 'knee')).toMatchObject({
      measured: 'not run (--no-knee)',
      met: null,
    });
  });
});
