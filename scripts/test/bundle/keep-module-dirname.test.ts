import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'esbuild';
import { keepModuleDirname, withModulePaths } from '../../bundle/keep-module-dirname';

let dir: string;

beforeAll(() => {
  // Compiled CommonJS as tsc writes it: a module deep in the tree finds a file from its own folder.
  dir = mkdtempSync(path.join(os.tmpdir(), 'keep-dirname-'));
  mkdirSync(path.join(dir, 'dist', 'kit', 'contract'), { recursive: true });
  mkdirSync(path.join(dir, 'dist', 'cli'), { recursive: true });
  mkdirSync(path.join(dir, 'dist', 'precompiled'), { recursive: true });
  writeFileSync(path.join(dir, 'dist', 'precompiled', 'manifest.json'), '{"format":1}');
  writeFileSync(
    path.join(dir, 'dist', 'kit', 'contract', 'where.js'),
    `const path = require('node:path');
exports.dir = path.join(__dirname, '..', '..', 'precompiled');
exports.file = __filename;`,
  );
  writeFileSync(
    path.join(dir, 'dist', 'cli', 'main.js'),
    `const fs = require('node:fs');
const where = require('../kit/contract/where');
console.log(JSON.stringify({ manifest: fs.readFileSync(require('node:path').join(where.dir, 'manifest.json'), 'utf8'), file: where.file, own: __dirname }));`,
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Bundles dist/cli/main.js into `outfile` with `plugins`, runs it, and returns what it printed. */
async function bundleAndRun(outfile: string, plugins: Plugin[]): Promise<Record<string, string>> {
  await build({
    entryPoints: [path.join(dir, 'dist', 'cli', 'main.js')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    plugins,
    logLevel: 'silent',
  });
  try {
    return JSON.parse(
      execFileSync(process.execPath, [outfile], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
    ) as Record<string, string>;
  } catch {
    return {};
  }
}

describe('keepModuleDirname (esbuild plugin of scripts/bundle-commands.ts)', () => {
  it("keeps each bundled module's __dirname and __filename: files beside the code are still found", async () => {
    const outfile = path.join(dir, 'dist', 'cli', 'bundled.js');
    const printed = await bundleAndRun(outfile, [keepModuleDirname(path.dirname(outfile))]);
    expect(printed).toEqual({
      manifest: '{"format":1}',
      file: path.join(dir, 'dist', 'kit', 'contract', 'where.js'),
      own: path.join(dir, 'dist', 'cli'),
    });
  });

  it('is needed: without it, a module bundled elsewhere looks beside the bundle and misses', async () => {
    const printed = await bundleAndRun(path.join(dir, 'dist', 'cli', 'plain.js'), []);
    expect(printed.manifest).toBeUndefined();
  });

  it('writes the folder relative to the bundle with forward slashes, and leaves other names alone', () => {
    const text = 'f(__dirname, __filename, my__dirname, __dirnameX)';
    expect(withModulePaths(text, path.join('..', 'kit', 'where.js'))).toBe(
      'f(require("node:path").join(__dirname, "../kit"), require("node:path").join(__dirname, "../kit/where.js"), my__dirname, __dirnameX)',
    );
  });
});
