import { countBySeverity } from './diff-specs';
import type { ChangeSeverity, SpecChange, SpecDiffResult } from './types';

const HEADINGS: Readonly<Record<ChangeSeverity, string>> = {
  breaking: 'BREAKING: existing clients or the mock can fail',
  'non-breaking': 'NON-BREAKING',
  deprecated: 'DEPRECATED',
  unclassified: 'UNCLASSIFIED: review by hand',
  annotation: 'ANNOTATIONS: descriptions, examples, summaries',
};

const MARKS: Readonly<Record<ChangeSeverity, string>> = {
  breaking: '✗',
  'non-breaking': '+',
  deprecated: '~',
  unclassified: '?',
  annotation: '·',
};

export interface ReportOptions {
  /** `spec/openapi.yaml at HEAD` */
  readonly baseLabel: string;
  readonly headLabel: string;
  /** List annotations one by one instead of counting them. */
  readonly all: boolean;
  /** Lines about the mock (operations without a handler), printed after the changes. */
  readonly mockNotes: readonly string[];
}

/** The plain-text report of `npm run spec:diff`: grouped by class, then by operation. */
export function formatReport(result: SpecDiffResult, options: ReportOptions): string {
  const lines = [
    `spec diff: ${options.baseLabel} (info.version ${result.baseVersion ?? '?'}) → ${options.headLabel} (info.version ${result.headVersion ?? '?'})`,
  ];
  const counts = countBySeverity(result.changes);
  for (const severity of Object.keys(HEADINGS) as ChangeSeverity[]) {
    const group = result.changes.filter((change) => change.severity === severity);
    if (group.length === 0) continue;
    lines.push('', `${HEADINGS[severity]} (${group.length})`);
    if (severity === 'annotation' && !options.all) {
      lines.push('  (pass --all to list them)');
      continue;
    }
    lines.push(...formatGroup(group, MARKS[severity]));
  }
  if (options.mockNotes.length > 0) lines.push('', 'MOCK', ...options.mockNotes.map((note) => `  ! ${note}`));
  lines.push('', summary(counts));
  if (result.changes.length === 0) lines.push('No change to the contract.');
  return lines.join('\n');
}

function formatGroup(changes: readonly SpecChange[], mark: string): string[] {
  const lines: string[] = [];
  let operation: string | undefined | null = null;
  for (const change of changes) {
    if (change.operation !== operation) {
      operation = change.operation;
      lines.push(`  ${operation ?? 'document'}`);
    }
    lines.push(`    ${mark} ${change.where}: ${change.what}`);
    if (change.reason) lines.push(`        why: ${change.reason}`);
  }
  return lines;
}

/** One change on one line, with its operation: `✗ POST /responses request body (…) user: property removed`. */
export function formatChangeLine(change: SpecChange): string {
  const reason = change.reason ? ` (${change.reason})` : '';
  return `${MARKS[change.severity]} ${change.operation ?? 'document'} ${change.where}: ${change.what}${reason}`;
}

export function summary(counts: Record<ChangeSeverity, number>): string {
  return (
    `${counts.breaking} breaking, ${counts['non-breaking']} non-breaking, ${counts.deprecated} deprecated, ` +
    `${counts.unclassified} unclassified, ${counts.annotation} annotation change(s).`
  );
}
