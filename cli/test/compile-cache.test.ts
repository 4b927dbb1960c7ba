import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const COMPILE_CACHE = path.resolve(__dirname, '..', 'compile-cache.ts');
const uid = process.getuid?.() ?? 0;

let dir: string;
let command: string;

beforeAll(() => {
  // A built command as scripts/bundle-commands.ts leaves it: CommonJS that requires a file beside it.
  dir = mkdtempSync(path.join(os.tmpdir(), 'compile-cache-'));
  command = path.join(dir, 'command.js');
  writeFileSync(path.join(dir, 'helper.js'), 'module.exports = (n) => n * 2;');
  writeFileSync(
    command,
    `const double = require('./helper');
console.log(JSON.stringify({ doubled: double(21), dir: __dirname, file: __filename, exportsIsThis: this === module.exports }));`,
  );
  // A command whose short runs (MODE=help) compile a part of its functions, as \`--help\` does.
  const served = Array.from(
    { length: 40 },
    (_, i) => `function serve${i}(n) { return n.map((x) => x * ${i} + 1).join(','); }`,
  );
  writeFileSync(
    path.join(dir, 'modes.js'),
    `${served.join('\n')}
const all = [${served.map((_, i) => `serve${i}`).join(', ')}];
if (process.env.MODE === 'help') console.log(JSON.stringify('usage'));
else console.log(JSON.stringify(all.map((serve) => serve([1, 2])).length));`,
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `file` (default: `command`) through runCommand with the cache in `cacheDir`; returns what it printed. */
function runThroughCache(cacheDir: string, file = command, env: NodeJS.ProcessEnv = {}): unknown {
  const stdout = execFileSync(
    process.execPath,
    ['--import', 'tsx', '-e', 'require(process.env.CC_MODULE).runCommand(process.env.CC_COMMAND)'],
    {
      encoding: 'utf8',
      env: { ...process.env, ...env, CC_MODULE: COMPILE_CACHE, CC_COMMAND: file, NODE_COMPILE_CACHE: cacheDir },
    },
  );
  return JSON.parse(stdout) as unknown;
}

const EXPECTED = (): unknown => ({ doubled: 42, dir, file: command, exportsIsThis: true });

describe('runCommand (the built commands run with their compiled code cached)', () => {
  it('runs the command as a CommonJS module, writes the cache at the first run, and reuses it unchanged at the next', () => {
    const cacheDir = path.join(dir, 'cache');
    expect(runThroughCache(cacheDir)).toEqual(EXPECTED());
    const written = path.join(cacheDir, `model-gateway-mock-${uid}`);
    const [cacheFile, ...others] = readdirSync(written);
    expect(others).toEqual([]);
    // Only this user may read or write the folder whose contents are run as code.
    expect(statSync(written).mode & 0o077).toBe(0);
    const bytes = readFileSync(path.join(written, cacheFile as string));
    expect(bytes.length).toBeGreaterThan(0);
    expect(runThroughCache(cacheDir)).toEqual(EXPECTED());
    // Accepted by V8, so not written again.
    expect(readdirSync(written)).toEqual([cacheFile]);
    expect(readFileSync(path.join(written, cacheFile as string)).equals(bytes)).toBe(true);
  });

  it('completes a cache that a short run wrote once a run compiles more, and keeps it after runs that compile no more', () => {
    const cacheDir = path.join(dir, 'grows');
    const written = path.join(cacheDir, `model-gateway-mock-${uid}`);
    const modes = path.join(dir, 'modes.js');
    const cacheBytes = (): Buffer => {
      const files = readdirSync(written);
      expect(files).toHaveLength(1);
      return readFileSync(path.join(written, files[0] as string));
    };
    expect(runThroughCache(cacheDir, modes, { MODE: 'help' })).toBe('usage');
    const short = cacheBytes();
    expect(runThroughCache(cacheDir, modes, { MODE: 'serve' })).toBe(40);
    const full = cacheBytes();
    expect(full.length).toBeGreaterThan(short.length);
    // A short run again, and a full one: V8 takes the cache, nothing is compiled beyond it.
    expect(runThroughCache(cacheDir, modes, { MODE: 'help' })).toBe('usage');
    expect(runThroughCache(cacheDir, modes, { MODE: 'serve' })).toBe(40);
    expect(cacheBytes().equals(full)).toBe(true);
  });

  it('clears the folder of caches no run used for a month when it writes one, and marks the one it used', () => {
    const cacheDir = path.join(dir, 'prune');
    const folder = path.join(cacheDir, `model-gateway-mock-${uid}`);
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const monthAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000);
    const put = (name: string, time: Date): void => {
      writeFileSync(path.join(folder, name), 'x');
      utimesSync(path.join(folder, name), time, time);
    };
    put(`v20.1.0-x64-${'a'.repeat(32)}`, monthAgo);
    put(`v20.1.0-x64-${'b'.repeat(32)}.4242`, monthAgo);
    put(`v22.2.0-arm64-${'c'.repeat(32)}`, dayAgo);
    put('notes.txt', monthAgo);
    expect(runThroughCache(cacheDir)).toEqual(EXPECTED());
    const written = readdirSync(folder).filter((name) => name.startsWith(`${process.version}-`));
    expect(written).toHaveLength(1);
    expect(readdirSync(folder).sort()).toEqual([`v22.2.0-arm64-${'c'.repeat(32)}`, 'notes.txt', ...written].sort());
    // A run that takes the cache as it is marks it as used, so that no later write removes it.
    const cacheFile = path.join(folder, written[0] as string);
    utimesSync(cacheFile, monthAgo, monthAgo);
    const before = Date.now() - 1_000;
    expect(runThroughCache(cacheDir)).toEqual(EXPECTED());
    expect(statSync(cacheFile).mtimeMs).toBeGreaterThan(before);
  });

  it('runs the command without a cache from a folder others may write to', () => {
    const cacheDir = path.join(dir, 'shared');
    const folder = path.join(cacheDir, `model-gateway-mock-${uid}`);
    mkdirSync(folder, { recursive: true });
    chmodSync(folder, 0o777);
    expect(runThroughCache(cacheDir)).toEqual(EXPECTED());
    expect(readdirSync(folder)).toEqual([]);
  });
});
