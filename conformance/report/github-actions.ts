import { appendFileSync } from 'node:fs';
import { verdictLine } from './html-report';
import { skipSummary } from './skip-summary';
import type { ConformanceReportJson } from './report-json';
import { featureMatrixMarkdown } from './feature-matrix';
import { clientFindingsMarkdown } from './client-findings';

/** Root causes the job summary lists; the rest are counted (conformance.json has each). */
const CAUSES_IN_SUMMARY = 20;
/** GitHub shows at most 10 error annotations of a step; more would be dropped unseen. */
const ANNOTATIONS = 10;

/** Where the output goes: the run's (redacting) printers. */
export interface ActionsIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

/**
 * Under GitHub Actions (`GITHUB_ACTIONS=true`): appends a job summary to `$GITHUB_STEP_SUMMARY`
 * and prints an `::error` annotation for each root cause; elsewhere does nothing. `sections` are
 * the summary's Markdown sections, in order (summarySections by default): a caller may put one
 * of its own before or after them.
 */
export function reportToGithubActions(
  report: ConformanceReportJson,
  env: NodeJS.ProcessEnv,
  io: ActionsIo,
  sections: readonly string[] = summarySections(report),
): void {
  if (env.GITHUB_ACTIONS !== 'true') return;
  for (const line of annotations(report)) io.out(line);
  const file = env.GITHUB_STEP_SUMMARY;
  if (file === undefined || file === '') return;
  try {
    appendFileSync(file, jobSummary(sections));
  } catch (err) {
    io.err(`conformance: the job summary could not be written to ${file}: ${(err as Error).message}`);
  }
}

/**
 * The job summary's Markdown: the sections in order, blank lines between, and one before them (the
 * file is the step's and may already hold another tool's summary).
 */
export function jobSummary(sections: readonly string[]): string {
  return `\n${sections.map((s) => s.trim()).join('\n\n')}\n`;
}

/** The verdict, the feature matrix, then the root causes, each with one reproduction. */
export function summarySections(report: ConformanceReportJson): string[] {
  const what = report.target.source === 'proxy' ? 'traffic through the proxy' : 'suite';
  const head = [
    `## Model Gateway conformance (${what}): ${report.target.baseUrl}`,
    '',
    `**${verdictLine(report)}** · ${report.requests} requests${report.seed === null ? '' : ` · seed ${report.seed}`}`,
    ...(report.incomplete ? ['', `INCOMPLETE: ${report.incomplete.reason}; the results cover what ran before.`] : []),
  ];
  const skipped = skipSummary(report.scenarios.flatMap((s) => (s.skipReason === undefined ? [] : [s.skipReason])));
  if (skipped.length > 0) head.push('', ...skipped.map((line) => `- ${markdownText(line)}`));
  const matrix = featureMatrixMarkdown({
    profile: report.profile,
    required: report.required,
    features: report.features,
  });
  const causes = report.rootCauses.filter((c) => !c.known && c.judged !== false);
  const client = clientFindingsMarkdown(report.clientFindings, markdownText);
  const unjudged = notJudgedSection(report);
  if (causes.length === 0) return [head.join('\n'), matrix, ...unjudged, ...client];
  const list = causes
    .slice(0, CAUSES_IN_SUMMARY)
    .flatMap((c, i) => [
      `${i + 1}. **${markdownText(c.title)}**  `,
      `   ${c.checks.join(', ')} · ${c.operations.join(', ')}`,
      ...(c.curl ? ['', fenced(c.curl, '   ')] : []),
    ]);
  if (causes.length > CAUSES_IN_SUMMARY)
    list.push('', `… ${causes.length - CAUSES_IN_SUMMARY} more root causes in conformance.json and conformance.html`);
  return [
    head.join('\n'),
    matrix,
    [`### Root causes (${causes.length})`, '', ...list].join('\n'),
    ...unjudged,
    ...client,
  ];
}

/** The causes the profile does not judge, under a heading of their own: shown, never failing the run. */
function notJudgedSection(report: ConformanceReportJson): string[] {
  const causes = report.rootCauses.filter((c) => !c.known && c.judged === false);
  if (causes.length === 0) return [];
  const list = causes
    .slice(0, CAUSES_IN_SUMMARY)
    .map((c) => `- ${markdownText(c.title)} (${c.checks.join(', ')} · ${c.operations.join(', ')})`);
  if (causes.length > CAUSES_IN_SUMMARY) list.push(`- … ${causes.length - CAUSES_IN_SUMMARY} more in conformance.json`);
  return [[`### Not judged by profile ${report.profile} (${causes.length})`, '', ...list].join('\n')];
}

/**
 * `::error title=…::…` for each root cause the baseline does not list and the run's verdict
 * counts (`::notice` for one the profile does not judge: they come after), and for an incomplete run.
 */
export function annotations(report: ConformanceReportJson): string[] {
  const lines: string[] = [];
  if (report.incomplete) lines.push(workflowCommand('error', 'Conformance run incomplete', report.incomplete.reason));
  for (const c of report.rootCauses.filter((group) => !group.known).slice(0, ANNOTATIONS))
    lines.push(
      workflowCommand(
        // A cause the profile does not judge fails nothing: a notice, never an error.
        c.judged === false ? 'notice' : 'error',
        `Conformance: ${c.checks.join(', ')}`,
        c.curl ? `${c.title}\nreproduce: ${c.curl}` : c.title,
      ),
    );
  // The client's requests are not the gateway's doing: warnings, whatever fails the run.
  for (const c of report.clientFindings?.causes.slice(0, ANNOTATIONS) ?? [])
    lines.push(workflowCommand('warning', 'Conformance: client finding', c.title));
  return lines;
}

/**
 * One workflow command, escaped as GitHub's runner reads it: in the message `%`, CR and LF; in a
 * property value also `:` and `,`, which end the value.
 */
export function workflowCommand(command: string, title: string, message: string): string {
  const data = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const property = (text: string) => data(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
  return `::${command} title=${property(title)}::${data(message)}`;
}

/** Text in Markdown that shows as written: its markup characters escaped, on one line. */
function markdownText(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/([\\`*_{}[\]<>#|!])/g, '\\$1');
}

/** A code block long enough to hold any run of backticks in `text`. */
function fenced(text: string, indent: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return [`${fence}sh`, ...text.split('\n'), fence].map((line) => `${indent}${line}`).join('\n');
}
