import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SPEC_PATH } from '../../kit/contract/contract';
import type { MockServer } from '../../mocks/src/runtimes/node/server';
import { loadMockFromFiles } from '../../mocks/src/watch/load-mock-from-files';
import { CONTRACT_USAGE, runContractCheck } from '../run-contract-check';
import type { RunCommand } from '../run-contract-check';

const ROOT = path.join(__dirname, '..', '..');

/** The spec as committed, with one line replaced. */
function editedSpec(dir: string, from: RegExp, to: string): string {
  const file = path.join(dir, 'edited.yaml');
  const text = readFileSync(SPEC_PATH, 'utf8');
  if (!from.test(text)) throw new Error(`the spec has no ${String(from)}`);
  writeFileSync(file, text.replace(from, to));
  return file;
}

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { cwd: ROOT, out: (t: string) => out.push(t), err: (t: string) => err.push(t) }, out, err };
}

/** Stands in for the commands the check runs (redocly, tsx scripts, the suite): each exits with `code`. */
function commandsExiting(code: (args: readonly string[]) => number): { run: RunCommand; calls: string[][] } {
  const calls: string[][] = [];
  return {
    calls,
    run: (_command, args) => {
      calls.push([...args]);
      return Promise.resolve({ code: code(args), output: `exit ${code(args)}` });
    },
  };
}

/** The suite's command line: node --import tsx cli/conformance.ts … in the repository. */
const isSuite = (args: readonly string[]): boolean => args.includes(path.join(ROOT, 'cli', 'conformance.ts'));

describe('npm run contract:check', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'contract-check-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('prints its help and exits 0', async () => {
    const run = capture();
    expect(await runContractCheck(['--help'], run.io)).toBe(0);
    expect(run.out.join('\n')).toBe(CONTRACT_USAGE);
  });

  it('exits 2 for a step it does not know', async () => {
    const run = capture();
    expect(await runContractCheck(['--skip', 'typo'], run.io)).toBe(2);
    expect(run.err.join('\n')).toMatch(/^model-gateway contract-check: unknown step typo/);
  });

  it('exits 1 and names the version gate when a breaking change comes without a major bump', async () => {
    // ResponseRequest closed to members it does not name.
    const spec = editedSpec(
      dir,
      /^ {4}ResponseRequest:\n {6}type: object\n/m,
      '    ResponseRequest:\n      type: object\n      additionalProperties: false\n',
    );
    const run = capture();
    const commands = commandsExiting(() => 0);
    expect(await runContractCheck(['--spec', spec, '--skip', 'lint,suite'], run.io, commands.run)).toBe(1);
    const summary = run.out[run.out.length - 1] ?? '';
    expect(summary).toMatch(/^ {2}version +FAIL {2}1 breaking change\(s\) without a major bump/m);
    expect(summary).toMatch(/^ {2}generated +skip/m);
    expect(summary.split('\n').pop()).toBe('contract check FAILED: version');
    // The accepted list is kept against the previous version, not this base: no entry is stale here.
    expect(run.err.join('\n')).toContain('✗ [clients, gateways] POST /responses request body (application/json)');
    expect([...run.out, ...run.err].join('\n')).not.toContain('accepted change no longer found');
  });

  it.each<[string, string[], number, RegExp]>([
    ['fails it for gateways by default', [], 1, /^ {2}version +FAIL {2}1 breaking change\(s\) without a major bump/m],
    ['passes it with --audience clients', ['--audience', 'clients'], 0, /^ {2}version +pass {2}no breaking change/m],
  ])('judges a loosened UsdAmount pattern (breaks gateways only): %s', async (_name, flags, code, line) => {
    const spec = editedSpec(dir, /^( {6}pattern: )'\^\(\?:\[0-9\]\+.*$/m, "$1'^[0-9.]+$$'");
    const run = capture();
    const commands = commandsExiting(() => 0);
    const argv = ['--spec', spec, '--skip', 'lint,suite', ...flags];
    expect(await runContractCheck(argv, run.io, commands.run)).toBe(code);
    expect(run.out[run.out.length - 1]).toMatch(line);
  });

  it('exits 2 for an audience it does not know', async () => {
    const run = capture();
    expect(await runContractCheck(['--audience', 'servers'], run.io)).toBe(2);
    expect(run.err.join('\n')).toMatch(
      /^model-gateway contract-check: --audience must be one of clients, gateways, both, not "servers"/,
    );
  });

  it('exits 1 when the suite fails though every other step passes', async () => {
    const run = capture();
    const commands = commandsExiting((args) => (isSuite(args) ? 1 : 0));
    expect(await runContractCheck([], run.io, commands.run)).toBe(1);
    const summary = run.out[run.out.length - 1] ?? '';
    expect(summary).toMatch(/^ {2}lint +pass/m);
    expect(summary).toMatch(/^ {2}version +pass/m);
    expect(summary).toMatch(/^ {2}generated +pass/m);
    expect(summary).toMatch(/^ {2}suite +FAIL {2}conformance against the in-process mock: exit 1/m);
    expect(commands.calls.find((args) => isSuite(args))).toEqual(
      expect.arrayContaining(['--spec', path.resolve(SPEC_PATH)]),
    );
  });

  it('says the Redocly linter is missing and how to add it, and runs the other steps', async () => {
    const run = capture();
    const commands = commandsExiting(() => 0);
    expect(await runContractCheck(['--skip', 'generated'], run.io, commands.run, () => undefined)).toBe(0);
    const summary = run.out[run.out.length - 1] ?? '';
    const missing = 'the Redocly linter (@redocly/cli) is not installed: npm install --save-dev @redocly/cli to lint';
    expect(summary).toMatch(new RegExp(`^ {2}lint +skip {2}${missing.replace(/[().]/g, '\\$&')}$`, 'm'));
    expect(summary).toContain(`  warning: ${missing}`);
    expect(summary).toMatch(/^ {2}version +pass/m);
    expect(summary).toMatch(/^ {2}suite +pass/m);
    expect(commands.calls.filter(isSuite)).toHaveLength(1);
  });

  describe('against a running mock', () => {
    let mock: MockServer;
    let baseUrl: string;

    beforeAll(async () => {
      mock = loadMockFromFiles({ checkEverySchema: false });
      baseUrl = await mock.listen(0);
    });
    afterAll(() => mock.close(200));

    it('warns when the target serves a different spec than --spec', async () => {
      const spec = editedSpec(dir, /^ {2}version: 1\.0\.0$/m, '  version: 2.0.0');
      const run = capture();
      const commands = commandsExiting(() => 0);
      const code = await runContractCheck(
        ['--spec', spec, '--base-url', baseUrl, '--skip', 'lint,generated'],
        run.io,
        commands.run,
      );
      expect(code).toBe(0);
      const warning = `the target serves a different spec than ${spec} (${new URL('/__mock/openapi.yaml', baseUrl).href}: info.version 1.0.0; ${spec}: info.version 2.0.0)`;
      expect(run.err.join('\n')).toContain(`warning: ${warning}`);
      expect(run.out[run.out.length - 1]).toContain(`  warning: ${warning}`);
    });

    it('gives no warning when the target serves the --spec document', async () => {
      const run = capture();
      const commands = commandsExiting(() => 0);
      await runContractCheck(['--base-url', baseUrl, '--skip', 'lint,generated'], run.io, commands.run);
      expect(run.err.join('\n')).not.toContain('warning');
      expect(commands.calls.find((args) => isSuite(args))).toEqual(expect.arrayContaining(['--base-url', baseUrl]));
    });
  });
});
