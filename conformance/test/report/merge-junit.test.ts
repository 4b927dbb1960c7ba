import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startInProcessMock } from '../../../mocks/index';
import type { RunningMock } from '../../../mocks/index';
import { mergeReportFiles, runConformance } from '../../index';

const caseNames = (xml: string): string[] =>
  [...xml.matchAll(/<testcase classname="[^"]*" name="([^"]*)"/g)].map((m) => m[1] ?? '');
const rootAttr = (xml: string, attr: string): number =>
  Number(new RegExp(`<testsuites [^>]*\\b${attr}="([\\d.]+)"`).exec(xml)?.[1] ?? NaN);

describe('the merged junit.xml of shards', () => {
  let mock: RunningMock;
  let dir: string;
  const at = (name: string): string => path.join(dir, name);
  const junit = (name: string): string => readFileSync(path.join(at(name), 'junit.xml'), 'utf8');
  const shard = (shard: string, reportDir: string, signal?: AbortSignal) =>
    runConformance({
      baseUrl: mock.baseUrl,
      apiKey: 'sk-mock-user',
      managementKey: 'sk-mock-management',
      only: ['getModel', 'listEmbeddingsModels'],
      seed: 11,
      propertyRuns: 2,
      shard,
      reportDir: at(reportDir),
      ...(signal ? { signal } : {}),
    });
  beforeAll(async () => {
    mock = await startInProcessMock();
    dir = mkdtempSync(path.join(os.tmpdir(), 'merge-junit-'));
    const stopped = new AbortController();
    stopped.abort();
    await shard('1/2', 'shard-1');
    await shard('2/2', 'shard-2');
    await shard('2/2', 'shard-2-stopped', stopped.signal);
  }, 120_000);
  afterAll(async () => {
    await mock.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('holds the test cases of every shard, and the longest shard time as the run time', () => {
    mergeReportFiles([at('shard-1'), at('shard-2')], at('merged'));
    const merged = junit('merged');
    const parts = [junit('shard-1'), junit('shard-2')];
    expect(caseNames(merged).sort()).toEqual(parts.flatMap(caseNames).sort());
    expect(rootAttr(merged, 'tests')).toBe(parts.reduce((n, x) => n + rootAttr(x, 'tests'), 0));
    expect(rootAttr(merged, 'errors')).toBe(0);
    expect(rootAttr(merged, 'time')).toBe(Math.max(...parts.map((x) => rootAttr(x, 'time'))));
    expect(merged).toContain('<property name="feature.');
  });

  it('is an error for a shard that stopped early', () => {
    mergeReportFiles([at('shard-1'), at('shard-2-stopped')], at('merged-stopped'));
    const merged = junit('merged-stopped');
    expect(merged).toMatch(
      /name="run › shard-2-stopped completes"[^\n]*\n {6}<error message="shard-2-stopped stopped early: /,
    );
    expect(rootAttr(merged, 'errors')).toBe(1);
  });

  it('is an error for a missing shard and for a report without its junit.xml', () => {
    mkdirSync(at('json-only'));
    copyFileSync(path.join(at('shard-1'), 'conformance.json'), path.join(at('json-only'), 'conformance.json'));
    mergeReportFiles([at('json-only')], at('merged-missing'));
    const merged = junit('merged-missing');
    expect(caseNames(merged)).toEqual(['run › json-only has its junit.xml', 'run › shard 2/2 reported']);
    expect(merged).toContain('<error message="shard 2/2 is not among the reports" type="incomplete">');
    expect(rootAttr(merged, 'errors')).toBe(2);
  });
});
