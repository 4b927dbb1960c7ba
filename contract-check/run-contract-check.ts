import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { existsSync } from 'node:fs';
import { SPEC_PATH } from '../kit/contract/contract';
import { ADD_REDOCLY, redoclyCli } from '../kit/package/redocly-cli';
import {
  basePathFor,
  diffSpecs,
  formatReport,
  judgeVersion,
  parseAudience,
  parseSpec,
  readAccepted,
  readBase,
  readSpecFile,
  SpecDiffError,
} from '../diff/index';
import type { Audience } from '../diff/index';
import { servedSpecWarning } from './served-spec';

const ROOT = path.join(__dirname, '..');
const STEPS = ['lint', 'diff', 'version', 'generated', 'suite'] as const;
type StepName = (typeof STEPS)[number];

export const CONTRACT_USAGE = `Usage: model-gateway contract-check [options]      (in the repository: npm run contract:check -- [options])

The whole check of a change to the contract, one exit code and one summary:
  lint        redocly lint of the spec (skipped, with how to add it, where @redocly/cli is not installed)
  diff        the changes since the base (model-gateway diff), listed in full
  version     the version gate: a breaking change needs a major bump of info.version
  generated   generated/ is up to date with the spec (only for this repository's spec/openapi.yaml)
  suite       the conformance suite with --spec, against --base-url or, without it, the mock
              started in-process on the same spec
Exit status: 0 every step passed or was skipped, 1 a step failed, 2 usage or input error.

Options:
  --spec FILE         the spec to check (default spec/openapi.yaml)
  --base REF          the git ref to compare with (default HEAD); a FILE outside the repository
                      is compared with spec/openapi.yaml at REF
  --base-file FILE    compare with FILE instead of a git ref
  --base-url URL      run the suite against this mock or gateway (base URL including /api/v1);
                      warns when the target's /__mock/openapi.yaml is not the --spec document.
                      Keys come from CONFORMANCE_API_KEY / CONFORMANCE_MANAGEMENT_KEY
  --report-dir DIR    where the suite writes its reports (default reports/contract-check)
  --skip STEP         leave a step out (${STEPS.join(', ')}); repeatable or comma-separated
  --audience WHO      the audiences the version gate guards: clients, gateways or both (default)
  -h, --help          show this help`;

export interface CheckIo {
  readonly cwd: string;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

export interface StepResult {
  readonly step: StepName;
  readonly status: 'pass' | 'fail' | 'skipped';
  readonly detail: string;
}

/** Runs a command; its output is kept and shown only when it fails, except `show` (the suite's progress). */
export type RunCommand = (
  command: string,
  args: readonly string[],
  show: boolean,
) => Promise<{ code: number; output: string }>;

const runCommand: RunCommand = (command, args, show) =>
  new Promise((resolve) => {
    const child = spawn(command, [...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    let output = '';
    const take = (chunk: Buffer, to: NodeJS.WriteStream) => {
      output += chunk.toString('utf8');
      if (show) to.write(chunk);
    };
    child.stdout.on('data', (chunk: Buffer) => take(chunk, process.stdout));
    child.stderr.on('data', (chunk: Buffer) => take(chunk, process.stderr));
    child.on('error', (err) => resolve({ code: 127, output: err.message }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), output }));
  });

const bin = (name: string): string => path.join(ROOT, 'node_modules', '.bin', name);

/**
 * The conformance command as node runs it: the built entry in the package, the TypeScript one
 * through tsx in the repository (this file is .js or .ts alike).
 */
function suiteCommand(): string[] {
  const entry = path.join(ROOT, 'cli', `conformance${path.extname(__filename)}`);
  return path.extname(__filename) === '.ts' ? ['--import', 'tsx', entry] : [entry];
}

/** `redocly`: where the Redocly CLI is, or undefined where it is not installed (kit/package/redocly-cli.ts). */
export async function runContractCheck(
  argv: readonly string[],
  io: CheckIo,
  run: RunCommand = runCommand,
  redocly: () => string | undefined = redoclyCli,
): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        spec: { type: 'string', default: 'spec/openapi.yaml' },
        base: { type: 'string' },
        'base-file': { type: 'string' },
        'base-url': { type: 'string' },
        'report-dir': { type: 'string', default: 'reports/contract-check' },
        skip: { type: 'string', multiple: true, default: [] },
        audience: { type: 'string', default: 'both' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (err) {
    io.err(`model-gateway contract-check: ${(err as Error).message}\n\n${CONTRACT_USAGE}`);
    return 2;
  }
  if (values.help) {
    io.out(CONTRACT_USAGE);
    return 0;
  }
  const skipped = new Set(values.skip.flatMap((item) => item.split(',')).map((item) => item.trim()));
  const unknown = [...skipped].filter((step) => !(STEPS as readonly string[]).includes(step));
  if (unknown.length > 0 || (values.base !== undefined && values['base-file'] !== undefined)) {
    io.err(
      `model-gateway contract-check: ${unknown.length > 0 ? `unknown step ${unknown.join(', ')}` : 'give --base or --base-file, not both'}\n\n${CONTRACT_USAGE}`,
    );
    return 2;
  }
  let audiences: readonly Audience[];
  try {
    audiences = parseAudience(values.audience);
  } catch (err) {
    io.err(`model-gateway contract-check: ${(err as Error).message}\n\n${CONTRACT_USAGE}`);
    return 2;
  }
  const specFile = path.resolve(io.cwd, values.spec);
  let specText: string;
  let base: { label: string; document: unknown };
  let head: unknown;
  try {
    specText = readSpecFile(io.cwd, values.spec, '--spec');
    head = parseSpec(specText, values.spec);
    base = readBase(io.cwd, basePathFor(io.cwd, specFile), values.base ?? 'HEAD', values['base-file']);
  } catch (err) {
    if (!(err instanceof SpecDiffError) && (err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    io.err(`model-gateway contract-check: ${(err as Error).message}`);
    return 2;
  }

  const results: StepResult[] = [];
  const warnings: string[] = [];
  const step = async (name: StepName, body: () => Promise<Omit<StepResult, 'step'>>): Promise<void> => {
    if (skipped.has(name)) results.push({ step: name, status: 'skipped', detail: '--skip' });
    else results.push({ step: name, ...(await body()) });
  };

  await step('lint', async () => {
    const cli = redocly();
    if (cli === undefined) {
      const missing = `the Redocly linter (@redocly/cli) is not installed: ${ADD_REDOCLY} to lint`;
      warnings.push(missing);
      return { status: 'skipped', detail: missing };
    }
    const lint = await run(process.execPath, [cli, 'lint', specFile, '--format=stylish'], false);
    if (lint.code === 0) return { status: 'pass', detail: 'redocly lint: no error' };
    io.err(lint.output.trim());
    return { status: 'fail', detail: `redocly lint: exit ${lint.code} (its report is above)` };
  });

  const result = diffSpecs(base.document, head);
  const breaking = result.changes.filter((change) => change.severity === 'breaking').length;
  await step('diff', () => {
    io.out(formatReport(result, { baseLabel: base.label, headLabel: values.spec, all: false, mockNotes: [] }));
    io.out('');
    return Promise.resolve({
      status: 'pass',
      detail: `${result.changes.length} change(s), ${breaking} breaking, against ${base.label}`,
    });
  });

  await step('version', () => {
    // The accepted list is kept against the previous version; against this base an entry that
    // matches nothing may be older than the base, so no "remove it" note (check-version.ts).
    const verdict = judgeVersion(result, `version gate: ${values.spec} against ${base.label}`, {
      accepted: readAccepted(io.cwd),
      audiences,
      fromPreviousVersion: false,
    });
    if (verdict.code !== 0) io.err(verdict.text);
    const firstLine = verdict.text.split('\n')[0]?.replace(/^[^:]*: [^:]*: /, '') ?? '';
    return Promise.resolve({ status: verdict.code === 0 ? 'pass' : 'fail', detail: firstLine.replace(/:$/, '') });
  });

  await step('generated', async () => {
    if (specFile !== path.resolve(SPEC_PATH) || !existsSync(path.join(ROOT, 'scripts')))
      return { status: 'skipped', detail: `generated/ is derived from spec/openapi.yaml, not ${values.spec}` };
    for (const script of ['generate-types.ts', 'bundle-fixtures-schema.ts']) {
      const check = await run(bin('tsx'), [path.join('scripts', script), '--check'], false);
      if (check.code !== 0) {
        io.err(check.output.trim());
        return { status: 'fail', detail: `${script} --check: out of date (npm run generate, then commit)` };
      }
    }
    return { status: 'pass', detail: 'generated/ is up to date with the spec' };
  });

  await step('suite', async () => {
    const baseUrl = values['base-url'];
    if (baseUrl !== undefined) {
      const managementKey = process.env.CONFORMANCE_MANAGEMENT_KEY;
      const headers: Record<string, string> = managementKey ? { authorization: `Bearer ${managementKey}` } : {};
      const warning = await servedSpecWarning(baseUrl, specText, values.spec, headers);
      if (warning) {
        warnings.push(warning);
        io.err(`warning: ${warning}`);
      }
    }
    const target = baseUrl === undefined ? [] : ['--base-url', baseUrl];
    const args = [
      ...suiteCommand(),
      '--spec',
      specFile,
      ...target,
      '--report-dir',
      path.resolve(io.cwd, values['report-dir']),
    ];
    const suite = await run(process.execPath, args, true);
    const against = baseUrl ?? 'the in-process mock';
    return suite.code === 0
      ? { status: 'pass', detail: `conformance against ${against}: passed` }
      : {
          status: 'fail',
          detail: `conformance against ${against}: exit ${suite.code} (reports in ${values['report-dir']})`,
        };
  });

  io.out(summaryTable(values.spec, results, warnings));
  return results.some((item) => item.status === 'fail') ? 1 : 0;
}

/** One line per step, then the warnings, then the verdict. */
export function summaryTable(spec: string, results: readonly StepResult[], warnings: readonly string[]): string {
  const width = Math.max(...results.map((item) => item.step.length), 4);
  const mark = { pass: 'pass', fail: 'FAIL', skipped: 'skip' } as const;
  const failed = results.filter((item) => item.status === 'fail').map((item) => item.step);
  return [
    `contract check of ${spec}`,
    ...results.map((item) => `  ${item.step.padEnd(width)}  ${mark[item.status]}  ${item.detail}`),
    ...warnings.map((warning) => `  warning: ${warning}`),
    failed.length === 0 ? 'contract check passed' : `contract check FAILED: ${failed.join(', ')}`,
  ].join('\n');
}
