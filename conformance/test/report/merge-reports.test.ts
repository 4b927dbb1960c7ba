import { mergeReports } from '../../index';
import { mergeJunit } from '../../report/merge-junit';
import { renderHtmlReport } from '../../report/html-report';
import type { ConformanceReportJson, FeatureRow, RootCauseJson } from '../../index';

/** A shard's report as json-report.ts writes one, with what a test sets. */
function shard(index: number, more: Partial<ConformanceReportJson>): { name: string; report: ConformanceReportJson } {
  return {
    name: `shard-${index}`,
    report: {
      suite: 'model-gateway-conformance',
      startedAt: '2026-12-08T00:00:00.000Z',
      durationMs: 1000,
      target: { baseUrl: 'http://127.0.0.1:1/api/v1', source: 'suite', model: 'openai/gpt-4o', embeddingsModel: null },
      seed: 7,
      shard: { index, count: 2 },
      requests: 1,
      totals: { pass: 1, fail: 0, skip: 0, known: 0 },
      passed: true,
      complete: true,
      profile: 'openai',
      required: [],
      failing: 0,
      features: [],
      operations: {},
      scenarios: [],
      rootCauses: [],
      failures: [],
      ...more,
    },
  };
}

function feature(id: string, status: FeatureRow['status'], working?: string[], notWorking?: string[]): FeatureRow {
  return {
    id,
    status,
    scenarios: 2,
    failures: status === 'supported' ? 0 : 1,
    judged: false,
    members: ['modalities', 'image_config', 'audio'],
    ...(working === undefined ? {} : { working, notWorking: notWorking ?? [] }),
  };
}

function cause(name: string, failures: number, judged: boolean): RootCauseJson {
  return {
    cause: name,
    title: `${failures} failures: ${name}`,
    failures,
    knockOn: 0,
    checks: ['response-schema-valid'],
    operations: ['createResponse'],
    scenarios: [],
    scenarioCount: 1,
    known: false,
    judged,
    example: 0,
    curl: '',
  };
}

describe('mergeReports', () => {
  it('takes a member working in one part and not in another as not working, the rest as they were', () => {
    const merged = mergeReports([
      shard(1, {
        features: [
          feature('modalities', 'partial', ['modalities', 'audio'], ['image_config']),
          feature('plugins', 'partial', ['a'], ['b']),
        ],
      }),
      shard(2, {
        features: [
          feature('modalities', 'partial', ['modalities', 'image_config'], ['audio']),
          feature('plugins', 'broken', [], ['a']),
        ],
      }),
    ]);
    expect(merged.features).toEqual([
      expect.objectContaining({
        id: 'modalities',
        status: 'partial',
        working: ['modalities'],
        notWorking: ['image_config', 'audio'],
      }),
      // No member is seen to work anywhere: partial in one part is broken merged.
      expect.objectContaining({ id: 'plugins', status: 'broken', working: [], notWorking: ['b', 'a'] }),
    ]);
    // The merged junit.xml's feature properties and page say the same.
    expect(mergeJunit([], merged, [])).toContain(
      '<property name="feature.modalities" value="partial (4 scenarios, 2 failures, not judged) (works: modalities; not: image_config, audio)"/>',
    );
    expect(renderHtmlReport(merged)).toContain('works: modalities; not: image_config, audio');
  });

  it('keeps a partial row partial against a part where the feature was not tested or supported', () => {
    const merged = mergeReports([
      shard(1, { features: [feature('modalities', 'partial', ['modalities'], ['image_config'])] }),
      shard(2, { features: [feature('modalities', 'supported')] }),
    ]);
    expect(merged.features[0]).toMatchObject({
      status: 'partial',
      working: ['modalities'],
      notWorking: ['image_config'],
    });
  });

  it('lists judged root causes first, a cause judged in any part judged, the unjudged marked after them', () => {
    const merged = mergeReports([
      shard(1, { rootCauses: [cause('unjudged big', 9, false), cause('judged small', 1, true)] }),
      shard(2, { rootCauses: [cause('judged elsewhere', 2, false), cause('judged small', 1, true)] }),
      shard(3, { shard: { index: 2, count: 2 }, rootCauses: [cause('judged elsewhere', 2, true)] }),
    ]);
    expect(merged.rootCauses.map((g) => [g.cause, g.judged, g.failures])).toEqual([
      ['judged elsewhere', true, 4],
      ['judged small', true, 2],
      ['unjudged big', false, 9],
    ]);
  });

  it("passes when every part's gateway passed, whatever client findings a part has", () => {
    const findings = { count: 3, causes: [{ cause: 'c', title: '3 client findings: c', count: 3 }], findings: [] };
    const clean = mergeReports([shard(1, { clientFindings: findings }), shard(2, {})]);
    expect(clean.passed).toBe(true);
    expect(clean.clientFindings).toMatchObject({ count: 3, causes: [{ cause: 'c', count: 3 }] });
    const failed = mergeReports([shard(1, { clientFindings: findings }), shard(2, { passed: false })]);
    expect(failed.passed).toBe(false);
  });
});
