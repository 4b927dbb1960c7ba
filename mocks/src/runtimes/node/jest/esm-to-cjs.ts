/**
 * One ES module's text as CommonJS, for the Jest transform (esm-transform.ts): with esbuild when
 * the project has it (fast, and what this repository's tests use), else with TypeScript's
 * `transpileModule`. Both are looked for from the project first, then beside this package.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
// Types only: neither is a dependency; whichever the project has is loaded at run time.
import type * as Esbuild from 'esbuild';
import type * as Typescript from 'typescript';

type Compile = (source: string, filename: string) => { code: string; map?: string };

/** `import.meta.url` as the file's own URL; CommonJS has no `import.meta`. */
const META_URL = '__esmImportMetaUrl';
const META_URL_BANNER = `const ${META_URL} = require('url').pathToFileURL(__filename).href;`;

let compile: Compile | undefined;

export function esmToCjs(source: string, filename: string): { code: string; map?: string } {
  compile ??= findCompiler();
  return compile(source, filename);
}

function findCompiler(): Compile {
  const fromProject = createRequire(path.join(process.cwd(), 'package.json'));
  const load = (name: string): unknown => {
    for (const from of [fromProject, require])
      try {
        return from(name) as unknown;
      } catch {
        // not installed there
      }
    return undefined;
  };
  const esbuild = load('esbuild') as typeof Esbuild | undefined;
  if (esbuild) return withEsbuild(esbuild);
  const ts = load('typescript') as typeof Typescript | undefined;
  if (ts) return withTypescript(ts);
  throw new Error(
    'model-gateway-mock/jest turns packages published as ES modules only (msw 3, parts of msw 2, the AI SDK) ' +
      'into CommonJS with esbuild or TypeScript, and found neither: npm install --save-dev esbuild',
  );
}

export function withEsbuild(esbuild: typeof Esbuild): Compile {
  return (source, filename) => {
    const usesMetaUrl = source.includes('import.meta.url');
    const { code, map } = esbuild.transformSync(source, {
      format: 'cjs',
      loader: 'js',
      platform: 'node',
      target: `node${globalThis.process.versions.node}`,
      supported: { 'dynamic-import': false },
      ...(usesMetaUrl ? { define: { 'import.meta.url': META_URL }, banner: META_URL_BANNER } : {}),
      sourcemap: 'external',
      sourcefile: filename,
    });
    return { code, map };
  };
}

export function withTypescript(ts: typeof Typescript): Compile {
  return (source, filename) => {
    const usesMetaUrl = source.includes('import.meta.url');
    const text = usesMetaUrl ? source.replaceAll('import.meta.url', META_URL) : source;
    const { outputText } = ts.transpileModule(text, {
      fileName: filename.replace(/\.mjs$/, '.js'),
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2022,
        allowJs: true,
        esModuleInterop: true,
      },
    });
    return { code: usesMetaUrl ? `${META_URL_BANNER}\n${outputText}` : outputText };
  };
}
