import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load as parseYaml } from 'js-yaml';
import { loadContract } from '../../kit/contract/contract';
import { startInProcessMock } from '../../mocks/index';
import type { RunningMock } from '../../mocks/index';
import { ROOT } from './support/run-cli';

interface Step {
  readonly id?: string;
  readonly shell: string;
  readonly run: string;
  readonly env?: Record<string, string>;
}

interface Action {
  readonly inputs: Record<string, { required?: boolean; default?: string }>;
  readonly outputs: Record<string, { value: string }>;
  readonly runs: { using: string; steps: Step[] };
}

const action = parseYaml(readFileSync(path.join(ROOT, 'action.yml'), 'utf8')) as Action;
const KEY = 'sk-mock-user';

/** `${{ inputs.NAME }}` as the runner fills it: the input given, else its default; any other expression is refused. */
function expand(text: string, inputs: Record<string, string>): string {
  return text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expression: string) => {
    const name = /^inputs\.([\w-]+)$/.exec(expression)?.[1];
    if (name === undefined || action.inputs[name] === undefined) throw new Error(`unexpected expression ${expression}`);
    return inputs[name] ?? action.inputs[name]?.default ?? '';
  });
}

/** Runs one step as the runner does: its script in bash -eo pipefail, the job's variables and the step's env. */
function runStep(step: Step, inputs: Record<string, string>, env: NodeJS.ProcessEnv, cwd: string) {
  expect(step.shell).toBe('bash');
  const script = path.join(cwd, '..', `step-${step.id ?? 'unnamed'}.sh`);
  writeFileSync(script, step.run);
  const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, expand(v, inputs)]));
  const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
    cwd,
    env: { ...env, ...stepEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, output })),
  );
}

describe('action.yml, run as the runner runs a composite action', () => {
  let mock: RunningMock;
  let dir: string;
  beforeAll(async () => {
    mock = await startInProcessMock({ contract: loadContract() });
  });
  afterAll(() => mock.close());
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'action-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('declares the inputs, the report-dir output and composite steps', () => {
    expect(action.runs.using).toBe('composite');
    expect(Object.keys(action.inputs).sort()).toEqual(['base-url', 'only', 'profile', 'report-dir', 'require', 'spec']);
    expect(action.inputs['base-url']?.required).toBe(true);
    expect(action.outputs['report-dir']?.value).toBe('${{ steps.suite.outputs.report-dir }}');
    expect(action.runs.steps.some((step) => step.id === 'suite')).toBe(true);
  });

  it('runs the suite from its own checkout: the reports, the output, the job summary, and no key anywhere', async () => {
    const workspace = path.join(dir, 'workspace');
    const files = { output: path.join(dir, 'output'), summary: path.join(dir, 'summary.md') };
    mkdirSync(workspace);
    writeFileSync(files.output, '');
    writeFileSync(files.summary, '');
    const inherited = { ...process.env };
    for (const name of Object.keys(inherited))
      if (/^(GITHUB_|INPUT_|CONFORMANCE_|npm_)/.test(name)) delete inherited[name];
    const env = {
      ...inherited,
      GITHUB_ACTIONS: 'true',
      GITHUB_ACTION_PATH: ROOT,
      GITHUB_WORKSPACE: workspace,
      GITHUB_OUTPUT: files.output,
      GITHUB_STEP_SUMMARY: files.summary,
      CONFORMANCE_API_KEY: KEY,
    };
    const inputs = { 'base-url': mock.baseUrl, only: 'getModel', 'report-dir': 'reports/conformance' };
    let printed = '';
    for (const step of action.runs.steps) {
      const { code, output } = await runStep(step, inputs, env, workspace);
      printed += output;
      expect({ step: step.id, code }).toEqual({ step: step.id, code: 0 });
    }
    const reportDir = path.join(workspace, 'reports', 'conformance');
    expect(readFileSync(files.output, 'utf8')).toBe(`report-dir=${reportDir}\n`);
    expect(readdirSync(reportDir).sort()).toEqual(['conformance.html', 'conformance.json', 'junit.xml']);
    expect(printed).toMatch(/^PASS: \d+ passed, 0 failed/m);
    const summary = readFileSync(files.summary, 'utf8');
    expect(summary).toContain(`## Model Gateway conformance (suite): ${mock.baseUrl}`);
    expect(summary).toMatch(/\*\*PASS: \d+ passed, 0 failed/);
    for (const text of [
      printed,
      summary,
      ...readdirSync(reportDir).map((f) => readFileSync(path.join(reportDir, f), 'utf8')),
    ])
      expect(text).not.toContain(KEY);
  }, 120_000);
});
