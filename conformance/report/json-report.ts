import type { SuiteResult } from '../engine/run-suite';
import type { ConformanceReportJson } from './html-report';
import type { Summary, Tally } from './summarize';

/** conformance.json: everything a CI job or a dashboard needs, keys never included. */
export function jsonReport(result: SuiteResult, summary: Summary): ConformanceReportJson {
  const { config, recorder } = result;
  const operations: Record<string, ConformanceReportJson['operations'][string]> = {};
  for (const op of result.operations) {
    const checks: Record<string, Tally> = {};
    for (const [check, tally] of summary.matrix.get(op) ?? []) checks[check] = tally;
    operations[op] = { checks, statuses: summary.coverage.get(op) };
  }
  return {
    suite: 'model-gateway-conformance',
    startedAt: result.startedAt.toISOString(),
    durationMs: result.durationMs,
    target: {
      baseUrl: config.baseUrl,
      source: config.source,
      model: config.model,
      embeddingsModel: config.embeddingsModel ?? null,
    },
    seed: config.seed,
    requests: recorder.exchanges,
    totals: summary.totals,
    passed: summary.totals.fail === 0,
    operations,
    scenarios: result.scenarios.map((s) => ({
      id: s.id,
      title: s.title,
      operation: s.operationId,
      outcome: summary.scenarioOutcomes.get(s.id) ?? 'skip',
      ...(s.skipReason === undefined ? {} : { skipReason: s.skipReason }),
    })),
    failures: recorder.failures(),
  };
}
