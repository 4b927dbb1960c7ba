import type { FoldedResults } from '../engine/recorder';
import type { SuiteResult } from '../run/run-suite';
import type { ConformanceReportJson } from './report-json';
import { coverageOf } from './coverage';
import { scenarioFeatures } from './feature-matrix';
import { rootCauseTitle, warningTitle } from './root-causes';
import type { Summary, Tally } from './summarize';
import { clientFindingsJson } from './client-findings';

/** conformance.json: everything a CI job or a dashboard needs, keys never included. */
export function jsonReport(result: SuiteResult, summary: Summary): ConformanceReportJson {
  const { config, recorder } = result;
  const operations: Record<string, ConformanceReportJson['operations'][string]> = {};
  for (const op of result.operations) {
    const checks: Record<string, Tally> = {};
    for (const [check, tally] of summary.matrix.get(op) ?? []) checks[check] = tally;
    operations[op] = { checks, statuses: summary.coverage.get(op) };
  }
  const failures = summary.results.flatMap((r) =>
    r.failure ? [r.outcome === 'known' ? { ...r.failure, known: true } : r.failure] : [],
  );
  const known = new Set(summary.baseline?.known ?? []);
  const recorded = recorder.failures();
  const featuresOf = scenarioFeatures(summary.results);
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
    seed: result.observed === true ? null : config.seed,
    ...(config.shard === undefined ? {} : { shard: config.shard }),
    requests: recorder.exchanges,
    totals: summary.totals,
    passed: summary.failing === 0 && result.incomplete === undefined,
    complete: result.incomplete === undefined,
    profile: summary.features.profile,
    required: summary.features.required,
    failing: summary.failing,
    features: summary.features.features,
    ...(result.incomplete ? { incomplete: { kind: result.incomplete.kind, reason: result.incomplete.reason } } : {}),
    ...(result.outOfScope && result.outOfScope.length > 0 ? { notInScope: result.outOfScope } : {}),
    coverage: coverageOf(result, summary),
    operations,
    scenarios: result.scenarios.map((s) => {
      const outcome = summary.scenarioOutcomes.get(s.id);
      // A scenario the run stopped before (or while) it ran: skipped, saying why, not silently.
      const skipReason =
        s.skipReason ??
        (outcome === undefined && result.incomplete ? `not run: ${result.incomplete.reason}` : undefined);
      return {
        id: s.id,
        title: s.title,
        operation: s.operationId,
        outcome: outcome ?? 'skip',
        ...(featuresOf.has(s.id) ? { features: featuresOf.get(s.id) } : {}),
        ...(skipReason === undefined ? {} : { skipReason }),
      };
    }),
    rootCauses: summary.rootCauses.map((group) => ({
      cause: group.cause,
      title: rootCauseTitle(group),
      failures: group.failures,
      knockOn: group.knockOn,
      checks: group.checks,
      operations: group.operations,
      scenarios: group.scenarios,
      scenarioCount: group.scenarioCount,
      known: known.has(group.cause),
      judged: group.judged !== false,
      example: Math.max(0, recorded.indexOf(group.example)),
      curl: group.example.curl,
    })),
    ...(summary.baseline
      ? {
          baseline: {
            file: summary.baseline.file,
            known: summary.baseline.known,
            added: summary.baseline.added,
            fixed: summary.baseline.fixed,
          },
        }
      : {}),
    ...(recorder.warnings.length > 0
      ? {
          warnings: {
            count: recorder.warnings.length,
            causes: summary.warnings.map((group) => ({
              cause: group.cause,
              title: warningTitle(group),
              count: group.failures,
            })),
            findings: recorder.warnings,
          },
        }
      : {}),
    ...clientFindingsJson(recorder, summary.clientFindings),
    ...(recorder.folded ? { kept: keptPart(recorder.folded, result.scenarios.length, failures.length, summary) } : {}),
    failures,
  };
}

function keptPart(
  folded: FoldedResults,
  listed: number,
  failuresListed: number,
  summary: Summary,
): NonNullable<ConformanceReportJson['kept']> {
  return {
    limits: folded.limits,
    exchangesListed: listed,
    exchangesCounted: folded.unlisted,
    failuresListed,
    failuresCounted: summary.totals.fail + summary.totals.known - failuresListed,
    failuresUngrouped: folded.ungrouped,
  };
}
