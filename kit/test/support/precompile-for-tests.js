/**
 * Jest global setup, part two: dist/precompiled/ as `npm run build` makes it
 * (scripts/precompile.ts), made from the sources into PRECOMPILED_FOR_TESTS. The browser build
 * (mocks/src/runtimes/browser/shipped-setup.ts) names those artefacts by literal paths, which from the
 * built package lead to dist/precompiled/; from the sources, jest.config.js maps them here.
 * Made again only when a source it is made from is newer, as make would.
 */
const { spawnSync } = require('node:child_process');
const { readdirSync, statSync } = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..', '..', '..');
const PRECOMPILED_FOR_TESTS = path.join(ROOT, 'node_modules', '.cache', 'model-gateway-mock', 'precompiled');
const MANIFEST = path.join(PRECOMPILED_FOR_TESTS, 'manifest.json');

/** What the artefacts are made from: the spec, the fixtures and their schema, the code that compiles them. */
function sources() {
  const inFolder = (folder, pattern) =>
    readdirSync(path.join(ROOT, folder))
      .filter((name) => pattern.test(name))
      .map((name) => path.join(ROOT, folder, name));
  return [
    path.join(ROOT, 'spec', 'openapi.yaml'),
    path.join(ROOT, 'package-lock.json'),
    path.join(ROOT, 'scripts', 'precompile.ts'),
    ...inFolder(path.join('mocks', 'fixtures'), /\.json$/),
    ...inFolder(path.join('kit', 'contract'), /\.ts$/),
    ...inFolder(path.join('mocks', 'src', 'fixture-loading'), /\.ts$/),
    ...inFolder(path.join('mocks', 'src', 'core', 'fixture-model'), /\.ts$/),
  ];
}

function upToDate() {
  let made;
  try {
    made = statSync(MANIFEST).mtimeMs;
  } catch {
    return false;
  }
  return sources().every((file) => statSync(file).mtimeMs < made);
}

function precompileForTests() {
  if (upToDate()) return;
  const run = spawnSync(
    path.join(ROOT, 'node_modules', '.bin', 'tsx'),
    [path.join('scripts', 'precompile.ts'), PRECOMPILED_FOR_TESTS],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`precompile for tests failed:\n${run.stdout}${run.stderr}`);
}

module.exports = { precompileForTests, PRECOMPILED_FOR_TESTS };
