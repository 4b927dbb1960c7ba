import { parseArgs } from 'node:util';
import { displayPath } from '../../kit/files/display-path';
import { SPEC_PATH } from '../../kit/contract/contract';
import {
  ConfigError,
  coverageLines,
  mergeReportFiles,
  reportToGithubActions,
  writeSarif,
} from '../../conformance/index';

export const help = `Usage: model-gateway merge-reports DIR… --report-dir OUT [--sarif FILE]

Merges the reports of the suite's shards (--shard I/N), proxy replicas or verify runs into one:
totals, the operations-by-checks matrix and the feature matrix added up, coverage joined, root
causes regrouped by cause (those the profile judges first), client findings under their own
heading, a feature's members working in every part apart from those failing in any. Each DIR holds a conformance.json (a conformance.json file may be
given instead) and the junit.xml beside it. Writes conformance.json, conformance.html and
junit.xml into OUT: the test cases of every part, an error case for each part that stopped early,
each missing shard and each part without a junit.xml.

Options:
  --report-dir OUT   where the merged report goes (required)
  --sarif FILE       also write the merged findings as SARIF 2.1.0
  --spec FILE        the spec SARIF locations point into (the built-in spec by default)
  -h, --help         this text

Exit status: 0 every part passed (and, for shards, every share is there), 1 not, 2 a report
cannot be read or a bad option. A part's passed judges the gateway: client findings fail nothing.`;

const OPTIONS = {
  'report-dir': { type: 'string' },
  sarif: { type: 'string' },
  spec: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** `model-gateway merge-reports`: resolves to the exit status. */
export function run(argv: string[]): Promise<number> {
  try {
    const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    if (values.help === true) {
      console.log(help);
      return Promise.resolve(0);
    }
    if (values['report-dir'] === undefined)
      throw new ConfigError('give --report-dir OUT, where the merged report goes');
    const { report, files } = mergeReportFiles(positionals, values['report-dir']);
    if (values.sarif !== undefined) files.push(writeSarif(values.sarif, report, values.spec ?? SPEC_PATH));
    if (report.coverage) for (const line of coverageLines(report.coverage)) console.log(line);
    reportToGithubActions(report, process.env, {
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    });
    const verdict = report.passed
      ? 'passed'
      : report.complete
        ? 'failed'
        : `incomplete (${report.incomplete?.reason ?? ''})`;
    const client = report.clientFindings ? `, ${report.clientFindings.count} client finding(s)` : '';
    console.log(
      `model-gateway merge-reports: ${positionals.length} report(s), ${report.requests} request(s), ${report.failing} failing${client}; ${verdict}; reports: ${files.map(displayPath).join(', ')}`,
    );
    return Promise.resolve(report.passed ? 0 : 1);
  } catch (error) {
    if (!(error instanceof ConfigError) && !(error instanceof TypeError)) throw error;
    console.error(`model-gateway merge-reports: ${error.message}${error instanceof TypeError ? ' (see --help)' : ''}`);
    return Promise.resolve(2);
  }
}
