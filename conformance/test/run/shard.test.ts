import { startInProcessMock } from '../../../mocks/index';
import type { RunningMock } from '../../../mocks/index';
import { ConfigError, mergeReports, runConformance } from '../../index';
import type { ConformanceReport } from '../../index';

describe('--shard I/N against the mock', () => {
  let mock: RunningMock;
  let whole: ConformanceReport;
  let shards: ConformanceReport[];
  const run = (shard?: string): Promise<ConformanceReport> =>
    runConformance({
      baseUrl: mock.baseUrl,
      apiKey: 'sk-mock-user',
      managementKey: 'sk-mock-management',
      only: ['getModel', 'listEmbeddingsModels'],
      seed: 11,
      propertyRuns: 2,
      ...(shard === undefined ? {} : { shard }),
    });
  beforeAll(async () => {
    mock = await startInProcessMock();
    whole = await run();
    shards = [await run('1/3'), await run('2/3'), await run('3/3')];
  }, 120_000);
  afterAll(() => mock.close());

  it('splits the scenarios into shares that are the whole run, each scenario in one share', () => {
    const ids = shards.map((r) => r.scenarios.map((s) => s.id));
    for (const share of ids) expect(share.length).toBeGreaterThan(0);
    expect(ids.flat().sort()).toEqual(whole.scenarios.map((s) => s.id).sort());
    expect(new Set(ids.flat()).size).toBe(ids.flat().length);
    expect(shards.map((r) => r.shard)).toEqual([
      { index: 1, count: 3 },
      { index: 2, count: 3 },
      { index: 3, count: 3 },
    ]);
  });

  it('splits alike every time for the same seed', async () => {
    const again = await run('2/3');
    expect(again.scenarios.map((s) => s.id)).toEqual(shards[1]?.scenarios.map((s) => s.id));
  });

  it('merges the shares into the report of the whole run: totals, matrix, coverage, verdict', () => {
    const merged = mergeReports(shards.map((report, i) => ({ name: `shard-${i + 1}`, report })));
    expect(merged).toMatchObject({ passed: true, complete: true, seed: 11, requests: whole.requests });
    expect(merged.totals).toEqual(whole.totals);
    expect(merged.operations).toEqual(whole.operations);
    expect(merged.coverage).toEqual(whole.coverage);
    expect(merged.features.map((f) => [f.id, f.status])).toEqual(whole.features.map((f) => [f.id, f.status]));
  });

  it('marks a merge incomplete, not passed, when a share is missing', () => {
    const merged = mergeReports(shards.slice(0, 2).map((report, i) => ({ name: `shard-${i + 1}`, report })));
    expect(merged).toMatchObject({ passed: false, complete: false, incomplete: { reason: 'shard(s) 3/3 missing' } });
  });

  it.each([
    ['0/3', /shard must be I\/N/],
    ['4/3', /shard must be I\/N/],
    ['half', /shard must be I\/N/],
  ])('refuses --shard %s', async (shard, message) => {
    await expect(run(shard)).rejects.toThrow(message);
  });

  it('refuses --shard without a seed, which every shard must share', async () => {
    const error = await runConformance({ baseUrl: mock.baseUrl, apiKey: 'k', shard: '1/2' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/needs --seed N/);
  });
});
