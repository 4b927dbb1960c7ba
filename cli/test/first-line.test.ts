import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { firstLine } from '../first-line';

const ROOT = path.join(__dirname, '..', '..');

describe('firstLine', () => {
  it.each([
    [['--base-url', 'http://gw.example/api/v1'], {}, 'checking http://gw.example/api/v1'],
    [['--base-url=http://u:p@gw.example/v1?key=abc123'], {}, 'checking http://gw.example/v1?key=$QUERY_KEY'],
    [
      ['--target', 'ci/staging.json', '--only', 'createResponse'],
      {},
      'checking the target in ci/staging.json (--only createResponse)',
    ],
    [
      [],
      { CONFORMANCE_BASE_URL: 'http://gw/v1', CONFORMANCE_PROFILE: 'openai' },
      'checking http://gw/v1 (--profile openai)',
    ],
    [[], {}, 'checking the mock, started in-process'],
  ])('says what %j will check', (argv, env, want) => {
    expect(firstLine(argv, env)).toBe(`model-gateway-conformance: ${want}`);
  });

  it.each([['--help'], ['-h'], ['--version'], ['--list']])(
    'says nothing before %s, whose output is all there is',
    (flag) => {
      expect(firstLine(['--base-url', 'http://gw/v1', flag], {})).toBeUndefined();
    },
  );
});

describe('npm run conformance', () => {
  it('prints what it will check before it loads the spec', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'first-line-'));
    try {
      // A spec that does not load: the line comes all the same, so it came before the spec was read.
      const spec = path.join(dir, 'broken.yaml');
      writeFileSync(spec, 'openapi: [');
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'cli/conformance.ts', '--base-url', 'http://127.0.0.1:9/api/v1', '--spec', spec],
        { cwd: ROOT, env: { ...process.env, CONFORMANCE_API_KEY: 'k' }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let out = '';
      let err = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(2);
      expect(out).toBe('model-gateway-conformance: checking http://127.0.0.1:9/api/v1\n');
      expect(err.trim().split('\n')).toEqual([expect.stringMatching(/^conformance: .*broken\.yaml/)]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
