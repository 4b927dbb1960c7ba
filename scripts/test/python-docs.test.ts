import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.join(__dirname, '..', '..');
const PYTHON_DIR = path.join(ROOT, 'docs', 'python');
const run = promisify(execFile);

/** Exit status and output of a python3 command (a failing one does not throw). */
async function python(args: readonly string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run('python3', [...args], { cwd: ROOT, timeout: 600_000 });
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const failed = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : 1, output: `${failed.stdout}${failed.stderr}` };
  }
}

function sdkInstalled(): boolean {
  try {
    execFileSync('python3', ['-c', 'import openai'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('docs/python.md', () => {
  it('has Python blocks that each compile and set or import every name they use', async () => {
    const check = await python([path.join(PYTHON_DIR, 'snippets.py'), 'check', path.join(ROOT, 'docs', 'python.md')]);
    expect(check.output).toMatch(/^\d+ blocks, each self-contained\n$/);
    expect(check.code).toBe(0);
  });

  it('finds a block that reads a name before setting it or never imports it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'python-md-'));
    try {
      const page = path.join(dir, 'page.md');
      const fence = '```';
      writeFileSync(
        page,
        `${fence}python\nfor part in ["a"]:\n    text += part\n${fence}\n\n${fence}python\nprint(json.dumps([x for x in (1, 2)]))\n${fence}\n`,
      );
      const check = await python([path.join(PYTHON_DIR, 'snippets.py'), 'check', page]);
      expect(check.code).toBe(1);
      expect(check.output.trim().split('\n')).toEqual([
        `${page}:3: \`text\` is used but not set or imported in this block`,
        `${page}:7: \`json\` is used but not set or imported in this block`,
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('pins the SDK version it was run with in its first install line', () => {
    const install = readFileSync(path.join(ROOT, 'docs', 'python.md'), 'utf8')
      .split('\n')
      .find((line) => line.startsWith('pip install'));
    expect(install).toMatch(/^pip install "openai==\d+\.\d+\.\d+"/);
  });

  it('has examples, a runner and a pytest recipe that compile', async () => {
    const files = readdirSync(PYTHON_DIR).filter((name) => name.endsWith('.py'));
    expect(files).toEqual(expect.arrayContaining(['run_all.py', 'snippets.py', 'test_with_mock.py']));
    const compiled = await python(['-m', 'py_compile', ...files.map((name) => path.join(PYTHON_DIR, name))]);
    expect(compiled).toEqual({ code: 0, output: '' });
  });

  // The SDK comes from PyPI; where it is installed, run_all.py runs every block, example and the
  // pytest recipe against a mock it starts. Where it is not, the runner must say how to get it.
  it(`runs every block as printed with run_all.py (openai SDK ${sdkInstalled() ? 'installed' : 'not installed here'})`, async () => {
    const result = await python([path.join(PYTHON_DIR, 'run_all.py')]);
    if (sdkInstalled()) {
      expect(result.output).not.toContain('FAILED');
      expect(result.code).toBe(0);
    } else {
      expect(result.output).toContain('run_all.py needs the openai SDK: pip install "openai==2.54.0"');
      expect(result.code).toBe(1);
    }
  }, 600_000);
});
