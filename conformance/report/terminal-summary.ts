import type { SuiteResult } from '../run/run-suite';
import type { Failure } from '../engine/types';
import { coverageLines, coverageOf } from './coverage';
import { featureMatrixLines } from './feature-matrix';
import { verdictLine } from './html-report';
import { rootCauseTitle, warningTitle } from './root-causes';
import { skipSummary } from './skip-summary';
import type { Summary, Tally } from './summarize';

/** Failures printed in full after the root causes; the rest are counted (all of them are in conformance.json). */
const FAILURES_SHOWN = 30;

/**
 * The terminal report: operations by checks, status coverage, skips with reasons, the root causes
 * (each with one reproduction), the baseline's verdict, then each failure. Its counts are the
 * other reports' (summarize).
 */
export function terminalSummary(result: SuiteResult, summary: Summary, reportFiles: readonly string[] = []): string {
  const { config, recorder } = result;
  const lines: string[] = [];
  lines.push(`Model Gateway API conformance: ${config.baseUrl} (${config.source})`);
  lines.push(
    `seed ${config.seed} (replay: --seed ${config.seed})${config.shard ? ` · shard ${config.shard.index}/${config.shard.count}` : ''} · ${result.scenarios.length} scenarios · ${recorder.exchanges} requests · ${(result.durationMs / 1000).toFixed(1)} s`,
  );
  if (result.outOfScope && result.outOfScope.length > 0)
    lines.push(`not in scope (left out by --only; not asked, not judged): ${result.outOfScope.join(', ')}`);
  if (result.incomplete) lines.push(`INCOMPLETE: ${result.incomplete.reason}; the results cover what ran before.`);
  lines.push('', ...featureMatrixLines(summary.features));
  lines.push('');
  lines.push(...matrixTable(result.operations, summary));
  lines.push('');
  lines.push('Documented statuses observed:');
  for (const [op, c] of summary.coverage) {
    lines.push(
      `  ${op}: observed ${c.observed.join(', ') || 'none'}; never ${c.never.join(', ') || 'none'}${c.undocumented.length ? `; UNDOCUMENTED ${c.undocumented.join(', ')}` : ''}`,
    );
  }
  lines.push(...coverageLines(coverageOf(result, summary)));
  if (recorder.skipped.length > 0) {
    lines.push('', `Skipped (${recorder.skipped.length}):`);
    for (const line of skipSummary(recorder.skipped.map((s) => s.reason))) lines.push(`  ${line}`);
    for (const s of recorder.skipped) lines.push(`    ${s.scenario}: ${s.reason}`);
  }
  const known = new Set(summary.baseline?.known ?? []);
  if (summary.rootCauses.length > 0) {
    lines.push('', `Root causes (${summary.rootCauses.length}), biggest first:`);
    summary.rootCauses.forEach((group, i) => {
      const mark = `${known.has(group.cause) ? '[known] ' : ''}${group.judged === false ? '[not judged] ' : ''}`;
      lines.push(`  ${String(i + 1).padStart(3)}) ${mark}${rootCauseTitle(group)}`);
      const scenarios = `${group.scenarioCount} scenario${group.scenarioCount === 1 ? '' : 's'}`;
      lines.push(`       ${group.checks.join(', ')} · ${group.operations.join(', ')} · ${scenarios}`);
      lines.push(`       e.g. ${group.example.scenario}: ${oneLine(group.example.message)}`);
      if (group.example.curl) lines.push(`       reproduce: ${group.example.curl}`);
    });
  }
  if (summary.warnings.length > 0) {
    lines.push('', `Warnings (${recorder.warnings.length}), counted but not failing the run:`);
    for (const group of summary.warnings) {
      lines.push(`  ! ${warningTitle(group)}`);
      lines.push(`    e.g. ${group.example.scenario}: ${oneLine(group.example.message)}`);
    }
  }
  if (summary.baseline) {
    const b = summary.baseline;
    lines.push('', `Baseline ${b.file}: ${b.known.length} known, ${b.added.length} new, ${b.fixed.length} fixed`);
    for (const cause of b.added) lines.push(`  new: ${cause}`);
    for (const cause of b.fixed) lines.push(`  fixed: ${cause} (--baseline-update drops it)`);
  }
  const failures = recorder.failures();
  if (failures.length > 0) {
    lines.push('', `Failures (${failures.length}):`);
    failures.slice(0, FAILURES_SHOWN).forEach((f, i) => lines.push(...failureBlock(f, i + 1)));
    if (failures.length > FAILURES_SHOWN)
      lines.push(`  … ${failures.length - FAILURES_SHOWN} more in conformance.json and conformance.html`);
  }
  if (reportFiles.length > 0) lines.push('', `Reports: ${reportFiles.join(', ')}`);
  const complete = result.incomplete === undefined;
  const passed = complete && summary.failing === 0;
  lines.push('', verdictLine({ totals: summary.totals, complete, passed, failing: summary.failing }));
  return lines.join('\n');
}

function matrixTable(operations: readonly string[], summary: Summary): string[] {
  const width = Math.max(5, ...summary.checks.map((c) => c.length));
  const cols = operations.map((op) => Math.max(op.length, 7));
  const header = `${'check'.padEnd(width)}  ${operations.map((op, i) => op.padStart(cols[i] ?? 7)).join('  ')}`;
  const rows = summary.checks.map((check) => {
    const cells = operations.map((op, i) => cell(summary.matrix.get(op)?.get(check)).padStart(cols[i] ?? 7));
    return `${check.padEnd(width)}  ${cells.join('  ')}`;
  });
  return [
    header,
    '-'.repeat(header.length),
    ...rows,
    '',
    'cells: passed [✗failed] [!known] [~skipped]; · not exercised',
  ];
}

function cell(tally: Tally | undefined): string {
  if (!tally) return '·';
  const judged = tally.fail + tally.known + tally.skip;
  const parts = tally.pass > 0 || judged === 0 ? [String(tally.pass)] : [];
  if (tally.fail > 0) parts.push(`✗${tally.fail}`);
  if (tally.known > 0) parts.push(`!${tally.known}`);
  if (tally.skip > 0) parts.push(`~${tally.skip}`);
  return parts.join(' ');
}

function failureBlock(f: Failure, n: number): string[] {
  const indent = (text: string) => text.split('\n').map((l) => `       ${l}`);
  return [
    `  ${String(n).padStart(3)}) ${f.check} · ${f.operation} · ${f.scenario} · spec ${f.rule}`,
    ...indent(f.message),
    ...(f.causedBy ? indent(`knock-on effect of the ${f.causedBy} failure on the same answer`) : []),
    ...indent(`expected: ${f.expected}`),
    ...indent(
      `received: ${f.received.status ?? 'no answer'} ${f.received.headers['content-type'] ?? ''} ${oneLine(f.received.body)}`,
    ),
    ...(f.curl ? indent(`reproduce: ${f.curl}`) : []),
  ];
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 300)}…` : flat;
}
