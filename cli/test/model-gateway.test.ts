import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { COMMANDS } from '../commands/registry';
import { didYouMean } from '../commands/overview';
import { ROOT } from './support/run-cli';

interface Ran {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** `node --import tsx cli/model-gateway.ts ARGS`, as the npm scripts run it. */
async function modelGateway(args: readonly string[]): Promise<Ran> {
  return promisify(execFile)(process.execPath, ['--import', 'tsx', path.join('cli', 'model-gateway.ts'), ...args], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: { code: number; stdout: string; stderr: string }) => ({
      code: err.code,
      stdout: err.stdout,
      stderr: err.stderr,
    }),
  );
}

describe('model-gateway', () => {
  it('lists every subcommand with its summary at --help (exit 0)', async () => {
    const { code, stdout } = await modelGateway(['--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: model-gateway <command> \[options\]/);
    for (const command of COMMANDS)
      expect(stdout.split('\n')).toContain(`  ${command.name.padEnd('contract-check'.length)}  ${command.summary}`);
    expect(COMMANDS.map((command) => command.name)).toEqual([
      'mock',
      'conformance',
      'verify',
      'merge-reports',
      'diff',
      'check-version',
      'contract-check',
      'docs',
    ]);
  });

  it.each(COMMANDS.map((command) => command.name))('shows the usage of %s at --help (exit 0)', async (name) => {
    const { code, stdout } = await modelGateway([name, '--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`^Usage: model-gateway ${name} `));
  });

  it('shows the usage of a command at help NAME', async () => {
    const { code, stdout } = await modelGateway(['help', 'check-version']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: model-gateway check-version /);
  });

  it('exits 2 for an unknown subcommand, naming the nearest one and listing them all', async () => {
    const { code, stdout, stderr } = await modelGateway(['mokc', '--port', '0']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.split('\n')[0]).toBe('model-gateway: unknown command "mokc". Did you mean "mock"?');
    for (const command of COMMANDS) expect(stderr).toMatch(new RegExp(`^  ${command.name} `, 'm'));
  });

  it('exits 2 with the list when no subcommand is given', async () => {
    const { code, stderr } = await modelGateway([]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^Usage: model-gateway <command>/);
  });

  it('suggests the nearest subcommand only when it is near', () => {
    expect(didYouMean('chek-version')).toBe('check-version');
    expect(didYouMean('conform')).toBe('conformance');
    expect(didYouMean('dif')).toBe('diff');
    expect(didYouMean('zz')).toBeUndefined();
    expect(didYouMean('serve')).toBeUndefined();
  });
});
