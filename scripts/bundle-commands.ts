/**
 * A step of `npm run build` (scripts/build.ts), after `compile`: each command's code and all it
 * imports from this package, as compiled into dist/, in one file written over its entry. A start
 * then reads and compiles one file instead of some 160 (about a tenth of the mock's start-up;
 * docs/performance.md). The dependencies stay in node_modules, as npm installs them, and the
 * files the package ships (dist/precompiled/, spec/, fixtures) are found as before
 * (keep-module-dirname.ts). The library (dist/index.js, model-gateway-mock/msw) is not bundled.
 *
 * Usage: tsx scripts/bundle-commands.ts [DIST_DIR]   (default dist)
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { keepModuleDirname } from './bundle/keep-module-dirname';

interface Command {
  /** The compiled file that becomes the bundle, relative to dist/. */
  readonly entry: string;
  /** Relative requires left to run time: files of their own (cli/mock-main.js loads the proxy only with --proxy). */
  readonly external: readonly string[];
}

export const COMMANDS: readonly Command[] = [
  { entry: 'cli/mock-main.js', external: ['./serve-proxy'] },
  { entry: 'cli/serve-proxy.js', external: [] },
  { entry: 'cli/conformance-main.js', external: [] },
];

export async function bundleCommands(dist: string): Promise<void> {
  // Everything is bundled before anything is written: each entry is read as tsc wrote it.
  const outputs: Array<{ file: string; text: Uint8Array }> = [];
  for (const command of COMMANDS) {
    const entry = path.join(dist, command.entry);
    const result = await build({
      entryPoints: [entry],
      outfile: entry,
      bundle: true,
      write: false,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      packages: 'external',
      external: [...command.external],
      plugins: [keepModuleDirname(path.dirname(entry))],
      // Non-ASCII characters in strings and templates written as \u escapes: see nonAsciiPlaces.
      charset: 'ascii',
      logLevel: 'error',
    });
    for (const file of result.outputFiles) outputs.push({ file: file.path, text: file.contents });
  }
  const problems = outputs.flatMap(({ file, text }) => nonAsciiPlaces(path.relative(dist, file), text));
  if (problems.length > 0) throw new Error(asciiOnlyMessage(problems));
  for (const { file, text } of outputs) writeFileSync(file, text);
}

/**
 * A start reads its bundle (some 400 kB) into a string: text of ASCII only is decoded on node's fast
 * path and held one byte a character, where a single other character makes V8 decode it all
 * slowly and hold two bytes a character (about 2 ms of a start, docs/performance.md). esbuild
 * escapes strings and templates (`charset: 'ascii'`) but leaves comments it keeps (those on class
 * members) and regular expression literals as written: those places are reported.
 */
export function nonAsciiPlaces(file: string, text: Uint8Array): string[] {
  return Buffer.from(text)
    .toString('utf8')
    .split('\n')
    .flatMap((line, i) => (/[^\x00-\x7f]/.test(line) ? [`${file}:${i + 1}: ${line.trim().slice(0, 120)}`] : []))
    .slice(0, 10);
}

function asciiOnlyMessage(places: readonly string[]): string {
  return [
    'The bundled commands must be ASCII (a start decodes them faster). Outside ASCII, in a comment',
    'esbuild keeps or a regular expression literal of the sources:',
    ...places.map((place) => `  ${place}`),
    'Write the character as a \\u escape in the regular expression, or in ASCII in the comment.',
  ].join('\n');
}

if (require.main === module) {
  bundleCommands(path.resolve(process.argv[2] ?? 'dist')).catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
