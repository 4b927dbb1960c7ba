import type { Recorder } from '../engine/recorder';
import type { Failure } from '../engine/types';
import type { RootCause } from './root-causes';

/**
 * Observed traffic only: the client's requests that break the contract, apart from the gateway's
 * answers (conformance.json's `clientFindings`). They never make `passed` false: the gateway is
 * judged on how it answered them (refusing an invalid request as the contract says is a pass).
 */
export interface ClientFindingsJson {
  /** Client findings counted, kept or not. */
  readonly count: number;
  readonly causes: ReadonlyArray<{ readonly cause: string; readonly title: string; readonly count: number }>;
  /** The first ones, each as a failure is reported (the request, the answer, a reproduction). */
  readonly findings: readonly Failure[];
}

/** `2 client findings: the request breaks the spec: …`. */
export function clientFindingTitle(group: Pick<RootCause, 'cause' | 'failures'>): string {
  return `${group.failures} client finding${group.failures === 1 ? '' : 's'}: ${group.cause}`;
}

/** conformance.json's member, when the traffic had any. */
export function clientFindingsJson(
  recorder: Recorder,
  groups: readonly RootCause[],
): { clientFindings?: ClientFindingsJson } {
  if (recorder.clientFindingCount === 0) return {};
  return {
    clientFindings: {
      count: recorder.clientFindingCount,
      causes: groups.map((group) => ({ cause: group.cause, title: clientFindingTitle(group), count: group.failures })),
      findings: recorder.clientFindings,
    },
  };
}

/** conformance.html's section "Client findings", under the gateway's own. */
export function clientFindingsHtml(json: ClientFindingsJson | undefined, esc: (text: string) => string): string {
  if (json === undefined) return '';
  const causes = json.causes.map((c) => `<li class="known"><strong>${esc(c.title)}</strong></li>`);
  const each = json.findings.map(
    (f) =>
      `<li><code>${esc(f.scenario)}</code>: ${esc(f.message)}${f.curl ? `<pre class="curl">${esc(f.curl)}</pre>` : ''}</li>`,
  );
  return `<section id="client-findings"><h2>Client findings (${json.count})</h2>
<p class="legend">Requests the client sent that break the contract: the client's to fix. The gateway is judged on its answers to them; these fail the run only with <code>--fail-on client</code> or <code>both</code>.</p>
<ol class="causes">${causes.join('')}</ol>
<details><summary>Each one</summary><ul>${each.join('')}</ul></details>
</section>`;
}

/** junit.xml's suite "client findings": JUnit has no such thing, so properties and output every CI viewer shows. */
export function clientFindingsJunit(
  recorder: Recorder,
  groups: readonly RootCause[],
  esc: (text: string) => string,
): string[] {
  if (recorder.clientFindingCount === 0) return [];
  return junitSuite(groups.map(clientFindingTitle), recorder.clientFindings, esc);
}

/** The same suite from conformance.json's member (merge-junit.ts writes it for merged reports). */
export function clientFindingsJunitOf(json: ClientFindingsJson | undefined, esc: (text: string) => string): string[] {
  if (json === undefined) return [];
  return junitSuite(
    json.causes.map((c) => c.title),
    json.findings,
    esc,
  );
}

function junitSuite(titles: readonly string[], findings: readonly Failure[], esc: (text: string) => string): string[] {
  return [
    '  <testsuite name="client findings" tests="0" failures="0" skipped="0" errors="0">',
    '    <properties>',
    ...titles.map((title) => `      <property name="client-finding" value="${esc(title)}"/>`),
    '    </properties>',
    `    <system-out>${esc(findings.map((f) => `${f.scenario}: ${f.message}`).join('\n'))}</system-out>`,
    '  </testsuite>',
  ];
}

/** The job summary's section, when the traffic had any. */
export function clientFindingsMarkdown(json: ClientFindingsJson | undefined, text: (t: string) => string): string[] {
  if (json === undefined) return [];
  return [
    [
      `### Client findings (${json.count})`,
      '',
      'Requests the client sent that break the contract (the gateway is judged on how it answered them):',
      '',
      ...json.causes.map((c) => `- ${text(c.title)}`),
    ].join('\n'),
  ];
}
