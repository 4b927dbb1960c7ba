import { countBySeverity, heading } from './diff-specs';
import type { ChangeSeverity, SpecChange, SpecDiffResult } from './types';

const HEADINGS: Readonly<Record<ChangeSeverity, string>> = {
  breaking: 'BREAKING: existing clients or gateways can fail',
  'non-breaking': 'NON-BREAKING',
  deprecated: 'DEPRECATED',
  unclassified: 'UNCLASSIFIED: may break, review by hand',
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
  let operation: string | undefined;
  for (const change of changes) {
    if (heading(change) !== operation) {
      operation = heading(change);
      lines.push(`  ${operation}`);
    }
    lines.push(`    ${mark} ${audienceTag(change)}${change.where}: ${change.what}`);
    lines.push(`        why: ${change.why}`);
    for (const [audience, todo] of Object.entries(change.todo)) lines.push(`        ${audience}: ${todo}`);
    if (change.uses) lines.push(`        used at ${change.uses.length} places:`, ...usesByOperation(change.uses));
  }
  return lines;
}

/** `[clients, gateways] `, `[may break gateways] `, or nothing when the change breaks nobody. */
export function audienceTag(change: SpecChange): string {
  if (change.breaks.length === 0) return '';
  const may = change.severity === 'unclassified' ? 'may break ' : '';
  return `[${may}${change.breaks.join(', ')}] `;
}

/**
 * One change on one line, with its operation and audiences:
 * `✗ [clients] POST /responses request body (…) user: property removed (why)`.
 */
export function formatChangeLine(change: SpecChange): string {
  const why = ` (${change.why})`;
  const tag = audienceTag(change);
  if (!change.uses) return `${MARKS[change.severity]} ${tag}${heading(change)} ${change.where}: ${change.what}${why}`;
  const operations = [...new Set(change.uses.map((use) => /^\S+ \S+/.exec(use)?.[0] ?? use))].sort();
  const uses = `; used at ${change.uses.length} places in ${operations.join(', ')}`;
  return `${MARKS[change.severity]} ${tag}${change.where}: ${change.what}${why}${uses}`;
}

/**
 * `          POST /responses: responses 400, 401, 403`, one line per operation; the places shortened
 * to what tells them apart (the field is the same in each: the schema's line names it).
 */
function usesByOperation(uses: readonly string[]): string[] {
  const byOperation = new Map<string, string[]>();
  for (const use of uses) {
    const [, operation = use, place = ''] = /^(\S+ \S+) (.*)$/.exec(use) ?? [];
    // A response is told apart by its status; a request place by its field.
    const short = place.startsWith('response ') ? place.replace(/ \([^)]*\).*$/, '') : place.replace(/ \([^)]*\)/, '');
    const places = byOperation.get(operation) ?? [];
    if (!places.includes(short)) places.push(short);
    byOperation.set(operation, places);
  }
  return [...byOperation]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([operation, places]) => {
      const statuses = places.every((place) => place.startsWith('response '));
      const list = statuses ? `responses ${places.map((place) => place.slice(9)).join(', ')}` : places.join('; ');
      return `          ${operation}: ${list}`;
    });
}

export function summary(counts: Record<ChangeSeverity, number>): string {
  return (
    `${counts.breaking} breaking, ${counts['non-breaking']} non-breaking, ${counts.deprecated} deprecated, ` +
    `${counts.unclassified} unclassified, ${counts.annotation} annotation change(s).`
  );
}
