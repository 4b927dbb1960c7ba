/**
 * `npm run build` (also run by `npm pack` and `npm publish`, as `prepack`): everything the
 * installable package holds beyond its source files, in order. Each step is a command; a step
 * that fails stops the build with its output. A step generated at build time (validators
 * compiled ahead, say) is one more entry of STEPS, before `compile` if the code imports it.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..');
const BIN = path.join(ROOT, 'node_modules', '.bin');

interface Step {
  readonly name: string;
  readonly run: () => void;
}

const STEPS: readonly Step[] = [
  // A clean output: a file whose source was deleted must not ship.
  { name: 'clean dist/', run: () => rmSync(path.join(ROOT, 'dist'), { recursive: true, force: true }) },
  // JavaScript and .d.ts of the entries (index.ts, cli/, generated/openapi.ts) and what they import.
  { name: 'compile', run: () => command(path.join(BIN, 'tsc'), ['-p', 'tsconfig.build.json']) },
  // node's types optional in the .d.ts files, for frontend projects without @types/node (scripts/node-types-optional.ts).
  {
    name: 'node types optional',
    run: () => command(path.join(BIN, 'tsx'), [path.join('scripts', 'node-types-optional.ts'), 'dist']),
  },
  // Each command's code in one file, so that a start reads one file, not some 160 (scripts/bundle-commands.ts).
  {
    name: 'bundle the commands',
    run: () => command(path.join(BIN, 'tsx'), [path.join('scripts', 'bundle-commands.ts')]),
  },
  // Validators, the parsed spec and the built-in fixtures, made ahead for a fast start (kit/contract/precompiled.ts).
  {
    name: 'precompile',
    run: () =>
      command(path.join(BIN, 'tsx'), [path.join('scripts', 'precompile.ts'), path.join('dist', 'precompiled')]),
  },
  // The API reference served at /__mock/docs: reports/docs/index.html, where the mock looks for it.
  { name: 'docs page', run: () => command(path.join(BIN, 'tsx'), [path.join('api-docs', 'build-docs.ts')]) },
];

function command(file: string, args: readonly string[]): void {
  const run = spawnSync(file, args, { cwd: ROOT, encoding: 'utf8' });
  if (run.status !== 0) {
    throw new Error(
      `${path.basename(file)} ${args.join(' ')} failed (exit ${run.status ?? run.signal}):\n${run.stdout}${run.stderr}`,
    );
  }
}

function main(): number {
  const started = performance.now();
  for (const step of STEPS) {
    const stepStarted = performance.now();
    try {
      step.run();
    } catch (err) {
      console.error(`build: ${step.name}: ${(err as Error).message}`);
      return 1;
    }
    console.log(`build: ${step.name} (${Math.round(performance.now() - stepStarted)} ms)`);
  }
  console.log(`build: done in ${Math.round(performance.now() - started)} ms`);
  return 0;
}

process.exitCode = main();
