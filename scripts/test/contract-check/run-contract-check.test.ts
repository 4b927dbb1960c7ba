import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SPEC_PATH } from '../../../kit/contract/contract';
import type { MockServer } from '../../../mocks/src/runtimes/node/server';
import { loadMockFromFiles } from '../../../mocks/src/watch/load-mock-from-files';
import { CONTRACT_USAGE, runContractCheck } from '../../contract-check/run-contract-check';
import type { RunCommand } from '../../contract-check/run-contract-check';

const ROOT = path.join(__dirname, '..', '..', '..');

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
    expect(run.err.join('\n')).toMatch(/^contract:check: unknown step typo/);
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
  });

  it('exits 1 when the suite fails though every other step passes', async () => {
    const run = capture();
    const commands = commandsExiting((args) => (args[0] === path.join('cli', 'conformance.ts') ? 1 : 0));
    expect(await runContractCheck([], run.io, commands.run)).toBe(1);
    const summary = run.out[run.out.length - 1] ?? '';
    expect(summary).toMatch(/^ {2}lint +pass/m);
    expect(summary).toMatch(/^ {2}version +pass/m);
    expect(summary).toMatch(/^ {2}generated +pass/m);
    expect(summary).toMatch(/^ {2}suite +FAIL {2}conformance against the in-process mock: exit 1/m);
    expect(commands.calls.find((args) => args[0] === path.join('cli', 'conformance.ts'))).toEqual(
      expect.arrayContaining(['--spec', path.resolve(SPEC_PATH)]),
    );
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
      expect(commands.calls.find((args) => args[0] === path.join('cli', 'conformance.ts'))).toEqual(
        expect.arrayContaining(['--base-url', baseUrl]),
      );
    });
  });
});
