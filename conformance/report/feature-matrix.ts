import { CORE_FEATURE, OPENAI_OPERATIONS } from '../../kit/contract/core-members';
import { judged } from '../config/profile-judges';
import type { ConformanceConfig } from '../config/resolve-config';
import type { SuiteResult } from '../run/run-suite';
import type { CheckResult } from '../engine/types';
import type { FoldedFeature } from '../engine/recorder';

/**
 * supported: all its scenarios pass. unsupported: every failure only shows its members ignored
 * (the answer is right for the request without them: engine/ignored-features.ts). broken: some
 * failure shows the gateway acting on them, wrongly. partial: some of its members work (carried by
 * requests whose verdicts about it passed) and others do not (the members its failures are about:
 * engine/feature-members.ts). not tested: no scenario of the run used it.
 */
export type FeatureStatus = 'supported' | 'partial' | 'unsupported' | 'broken' | 'not tested';

/** One row of the matrix, as conformance.json lists it. */
export interface FeatureRow {
  readonly id: string;
  readonly status: FeatureStatus;
  /** Scenarios whose verdicts are about the feature. */
  readonly scenarios: number;
  /** Its failures, known ones included. */
  readonly failures: number;
  /** Of those, the ones the baseline lists. */
  readonly known?: number;
  /** The run's verdict counts its failures (the profile's core, or `--require`d). */
  readonly judged: boolean;
  /** What carries it: request members, headers, an operation, a security scheme (none for the core). */
  readonly members: readonly string[];
  /** With failures: its members the run saw work (carried by passing verdicts, never by a failure). */
  readonly working?: readonly string[];
  /** With failures: its members the failures are about (the evidence, per member). */
  readonly notWorking?: readonly string[];
}

export interface FeatureMatrix {
  readonly profile: ConformanceConfig['profile'];
  readonly required: readonly string[];
  readonly features: readonly FeatureRow[];
}

/** Whether the run's verdict counts a failure (config/profile-judges.ts); here for every report. */
export { judged };

/** The matrix of a run, from its verdicts (a failure the baseline lists comes as `known`). */
export function featureMatrix(
  result: Pick<SuiteResult, 'config' | 'features'>,
  results: readonly CheckResult[],
  folded: ReadonlyMap<string, FoldedFeature> = new Map(),
): FeatureMatrix {
  const { config } = result;
  const ids = [...(result.features?.features ?? [CORE_FEATURE])];
  const scenarios = new Map<string, Set<string>>();
  const failures = new Map<string, { all: number; known: number; acted: number }>();
  /** Feature → members carried by its passing verdicts, and the members its failures are about. */
  const passed = new Map<string, Set<string>>();
  const failed = new Map<string, Set<string>>();
  // A verdict about several features lists the members of each: a feature keeps its own.
  const note = (into: Map<string, Set<string>>, feature: string, members: readonly string[] = []) => {
    const own = result.features?.carriers.get(feature) ?? [];
    const mine = members.filter((member) => own.includes(member));
    if (mine.length > 0) into.set(feature, new Set([...(into.get(feature) ?? []), ...mine]));
  };
  for (const r of results) {
    if (r.outcome === 'skip') continue;
    for (const feature of r.features ?? [CORE_FEATURE]) {
      // The profile's core is OpenAI's API: an answer of another operation says nothing of it.
      if (feature === CORE_FEATURE && config.profile !== 'full' && !OPENAI_OPERATIONS.includes(r.operation)) continue;
      if (!ids.includes(feature)) ids.push(feature);
      scenarios.set(feature, (scenarios.get(feature) ?? new Set()).add(r.scenario));
      if (r.outcome === 'pass') note(passed, feature, r.members);
      if (r.outcome !== 'fail' && r.outcome !== 'known') continue;
      note(failed, feature, r.failure?.members);
      const tally = failures.get(feature) ?? { all: 0, known: 0, acted: 0 };
      tally.all++;
      if (r.outcome === 'known') tally.known++;
      if (r.failure?.ignored !== true) tally.acted++;
      failures.set(feature, tally);
    }
  }
  // What a bounded recorder counted without keeping (the proxy's traffic past its first exchanges).
  for (const [feature, more] of folded) {
    if (!ids.includes(feature)) ids.push(feature);
    const tally = failures.get(feature) ?? { all: 0, known: 0, acted: 0 };
    tally.all += more.failures;
    tally.acted += more.acted;
    failures.set(feature, tally);
  }
  return {
    profile: config.profile,
    required: config.require,
    features: ids.map((id) => {
      const ran = (scenarios.get(id)?.size ?? 0) + (folded.get(id)?.scenarios ?? 0);
      const tally = failures.get(id) ?? { all: 0, known: 0, acted: 0 };
      const notWorking = [...(failed.get(id) ?? [])];
      const working = [...(passed.get(id) ?? [])].filter((member) => !notWorking.includes(member));
      const status: FeatureStatus =
        ran === 0
          ? 'not tested'
          : tally.all === 0
            ? 'supported'
            : working.length > 0 && notWorking.length > 0
              ? 'partial'
              : tally.acted === 0
                ? 'unsupported'
                : 'broken';
      return {
        id,
        status,
        scenarios: ran,
        failures: tally.all,
        ...(tally.known > 0 ? { known: tally.known } : {}),
        judged: judged(config, [id]),
        members: result.features?.carriers.get(id) ?? [],
        ...(tally.all > 0 && (working.length > 0 || notWorking.length > 0) ? { working, notWorking } : {}),
      };
    }),
  };
}

/** Scenario id → the features its verdicts are about (the core when none names one), in the order met. */
export function scenarioFeatures(results: readonly CheckResult[]): Map<string, string[]> {
  const byScenario = new Map<string, string[]>();
  for (const r of results) {
    if (r.outcome === 'skip') continue;
    const list = byScenario.get(r.scenario) ?? [];
    for (const feature of r.features ?? [CORE_FEATURE]) if (!list.includes(feature)) list.push(feature);
    byScenario.set(r.scenario, list);
  }
  return byScenario;
}

/** What the profile judges, in words, for every report's heading. */
export function profileLine(matrix: FeatureMatrix): string {
  const required = matrix.required.length > 0 ? `; required: ${matrix.required.join(', ')}` : '';
  return matrix.profile === 'full'
    ? `profile full: every feature is judged${required}`
    : `profile openai: the core is judged on the operations OpenAI's API defines (${OPENAI_OPERATIONS.join(', ')}); the other features and operations are shown, not judged${required}`;
}

/** The terminal's table. */
export function featureMatrixLines(matrix: FeatureMatrix): string[] {
  const width = Math.max(7, ...matrix.features.map((f) => f.id.length));
  const rows = matrix.features.map(
    (f) =>
      `  ${f.id.padEnd(width)}  ${f.status.padEnd(11)}  ${String(f.scenarios).padStart(9)}  ${String(f.failures).padStart(8)}${f.judged ? '' : '  (not judged)'}${evidence(f, ' ')}`,
  );
  return [
    `Features (${profileLine(matrix)}):`,
    `  ${'feature'.padEnd(width)}  ${'status'.padEnd(11)}  scenarios  failures`,
    ...rows,
  ];
}

/** Properties of junit.xml's first suite: `feature.plugins` = `unsupported (41 scenarios, 41 failures)`. */
export function featureMatrixProperties(matrix: FeatureMatrix): Array<readonly [string, string]> {
  return [
    ['profile', matrix.profile],
    ...matrix.required.map((f) => ['require', f] as const),
    ...matrix.features.map(
      (f) =>
        [
          `feature.${f.id}`,
          `${f.status} (${f.scenarios} scenarios, ${f.failures} failures${f.judged ? '' : ', not judged'})${evidence(f, ' ')}`,
        ] as const,
    ),
  ];
}

/** A Markdown table, for a GitHub job summary or a README. */
export function featureMatrixMarkdown(matrix: FeatureMatrix): string {
  const rows = matrix.features.map(
    (f) =>
      `| ${f.id} | ${f.members.map((m) => `\`${m}\``).join(', ') || '—'} | ${STATUS_MARK[f.status]} ${f.status}${evidence(f, '<br>')} | ${f.scenarios} | ${f.failures} |${f.judged ? ' yes' : ' no'} |`,
  );
  return [
    `**Features** (${profileLine(matrix)})`,
    '',
    '| Feature | Carried by | Status | Scenarios | Failures | Judged |',
    '| --- | --- | --- | ---: | ---: | --- |',
    ...rows,
    '',
  ].join('\n');
}

/** The HTML report's table: one a gateway vendor can publish as it is. */
export function featureMatrixHtml(matrix: FeatureMatrix, esc: (text: string) => string): string {
  const rows = matrix.features.map(
    (f) =>
      `<tr class="${f.status.replace(' ', '-')}"><th scope="row">${esc(f.id)}</th><td>${f.members.map((m) => `<code>${esc(m)}</code>`).join(', ') || (f.id === CORE_FEATURE ? "OpenAI's Responses API" : '—')}</td><td class="status">${STATUS_MARK[f.status]} ${esc(f.status)}${f.working === undefined ? '' : `<div class="where">${esc(evidence(f, ''))}</div>`}</td><td class="num">${f.scenarios}</td><td class="num">${f.failures}</td><td>${f.judged ? 'yes' : 'no'}</td></tr>`,
  );
  return `<section id="features">
<h2>Features</h2>
<p class="legend">${esc(profileLine(matrix))}. supported: all its scenarios pass; unsupported: the gateway ignores its members (every answer is right for the request without them); broken: it acts on them, wrongly; partial: some of its members work, others do not (each listed); not tested: no scenario of the run used it.</p>
<table class="features"><thead><tr><th scope="col">Feature</th><th scope="col">Carried by</th><th scope="col">Status</th><th scope="col">Scenarios</th><th scope="col">Failures</th><th scope="col">Judged</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table>
</section>`;
}

/** The per-member evidence of a feature with failures: `works: modalities; not: image_config`. */
function evidence(row: FeatureRow, before: string): string {
  if (row.working === undefined || row.notWorking === undefined) return '';
  const list = (members: readonly string[]) => (members.length === 0 ? 'none seen' : members.join(', '));
  return `${before}(works: ${list(row.working)}; not: ${list(row.notWorking)})`;
}

const STATUS_MARK: Readonly<Record<FeatureStatus, string>> = {
  supported: '✓',
  partial: '◐',
  unsupported: '○',
  broken: '✗',
  'not tested': '·',
};
