import type { SuiteResult } from '../engine/run-suite';
import type { Failure } from '../engine/types';
import type { Summary, Tally } from './summarize';

/** Failures printed in full; the rest are counted (all of them are in conformance.json). */
const FAILURES_SHOWN = 30;

/** The terminal report: operations by checks, status coverage, skips with reasons, then each failure. */
export function terminalSummary(result: SuiteResult, summary: Summary, reportFiles: readonly string[] = []): string {
  const { config, recorder } = result;
  const lines: string[] = [];
  lines.push(`Model Gateway API conformance: ${config.baseUrl} (${config.source})`);
  lines.push(
    `seed ${config.seed} (replay: --seed ${config.seed}) · ${result.scenarios.length} scenarios · ${recorder.exchanges} requests · ${(result.durationMs / 1000).toFixed(1)} s`,
  );
  lines.push('');
  lines.push(...matrixTable(result.operations, summary));
  lines.push('');
  lines.push('Documented statuses observed:');
  for (const [op, c] of summary.coverage) {
    lines.push(
      `  ${op}: observed ${c.observed.join(', ') || 'none'}; never ${c.never.join(', ') || 'none'}${c.undocumented.length ? `; UNDOCUMENTED ${c.undocumented.join(', ')}` : ''}`,
    );
  }
  if (recorder.skipped.length > 0) {
    lines.push('', `Skipped (${recorder.skipped.length}):`);
    for (const s of recorder.skipped) lines.push(`  ${s.scenario}: ${s.reason}`);
  }
  const failures = recorder.failures();
  if (failures.length > 0) {
    lines.push('', `Failures (${failures.length}):`);
    failures.slice(0, FAILURES_SHOWN).forEach((f, i) => lines.push(...failureBlock(f, i + 1)));
    if (failures.length > FAILURES_SHOWN)
      lines.push(`  … ${failures.length - FAILURES_SHOWN} more in conformance.json`);
  }
  if (reportFiles.length > 0) lines.push('', `Reports: ${reportFiles.join(', ')}`);
  const { pass, fail, skip } = summary.totals;
  lines.push('', `${fail === 0 ? 'PASS' : 'FAIL'}: ${pass} passed, ${fail} failed, ${skip} skipped`);
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
  return [header, '-'.repeat(header.length), ...rows, '', 'cells: passed [✗failed] [~skipped]; · not exercised'];
}

function cell(tally: Tally | undefined): string {
  if (!tally) return '·';
  const parts = tally.pass > 0 || (tally.fail === 0 && tally.skip === 0) ? [String(tally.pass)] : [];
  if (tally.fail > 0) parts.push(`✗${tally.fail}`);
  if (tally.skip > 0) parts.push(`~${tally.skip}`);
  return parts.join(' ');
}

function failureBlock(f: Failure, n: number): string[] {
  const indent = (text: string) => text.split('\n').map((l) => `       ${l}`);
  return [
    `  ${String(n).padStart(3)}) ${f.check} · ${f.operation} · ${f.scenario} · spec ${f.rule}`,
    ...indent(f.message),
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
