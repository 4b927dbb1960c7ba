/**
 * `model-gateway docs [--spec FILE] [--output FILE]` (in the repository: `npm run docs`): renders a spec (default spec/openapi.yaml) to one
 * self-contained HTML reference (mocks/src/render-docs.ts). The mock serves the reference of the
 * spec it runs on at GET /__mock/docs; this also fills the mock's cache, so that page opens at once.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SPEC_PATH } from '../kit/contract/contract';
import { ADD_REDOCLY, redoclyCli } from '../kit/package/redocly-cli';
import { cachedDocsPath, defaultDocsHtmlPath } from '../mocks/src/api-docs/docs-endpoint';
import { renderDocs, RenderDocsError, writePage } from '../mocks/src/api-docs/render-docs';

export const DOCS_USAGE = `Usage: model-gateway docs [--spec FILE] [--output FILE]      (in the repository: npm run docs -- [options])

Writes the HTML API reference of a spec.
  --spec FILE     the spec to render (default spec/openapi.yaml)
  --output FILE   where to write it (default reports/docs/index.html in the current folder, or
                  reports/docs/NAME.html for --spec NAME.yaml; in the package's own repository the
                  default spec's page is its reports/docs/index.html, the page its mock serves)
It needs the Redocly CLI (@redocly/cli), which the package leaves optional: ${ADD_REDOCLY}.
A mock serves the reference of the spec it runs on at GET /__mock/docs (with --spec and --watch too).`;

/**
 * Where the page goes: --output, else reports/docs/ in the current folder. Only the package's own
 * repository (`codeDir` not under node_modules) rewrites the page its mock serves for the default
 * spec: an installed package's files are not the user's to change.
 */
export function docsOutput(spec: string | undefined, output: string | undefined, codeDir: string): string {
  if (output !== undefined) return path.resolve(output);
  if (spec === undefined)
    return codeDir.split(path.sep).includes('node_modules')
      ? path.resolve('reports', 'docs', 'index.html')
      : defaultDocsHtmlPath();
  return path.resolve('reports', 'docs', `${path.basename(spec).replace(/\.[^.]*$/, '')}.html`);
}

/**
 * The command: its exit status (0 written, 1 the renderer failed, 2 usage or input error, or the
 * Redocly CLI missing: a tool the user must add is theirs to configure, not a failed render).
 */
export async function runDocs(args: readonly string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: {
        spec: { type: 'string' },
        output: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (err) {
    console.error(`model-gateway docs: ${(err as Error).message}\n\n${DOCS_USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(DOCS_USAGE);
    return 0;
  }
  const specPath = values.spec === undefined ? SPEC_PATH : path.resolve(values.spec);
  const output = docsOutput(values.spec, values.output, __dirname);
  let specText: string;
  try {
    specText = readFileSync(specPath, 'utf8');
  } catch (err) {
    console.error(
      `model-gateway docs: cannot read ${specPath}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
    return 2;
  }
  if (redoclyCli() === undefined) {
    console.error(
      `model-gateway docs: rendering needs the Redocly CLI (@redocly/cli), not installed here: ${ADD_REDOCLY}`,
    );
    return 2;
  }
  const started = performance.now();
  let html: string;
  try {
    html = await renderDocs(specText, specPath);
  } catch (err) {
    if (!(err instanceof RenderDocsError)) throw err;
    console.error(`model-gateway docs: ${err.message}`);
    return 1;
  }
  writePage(output, html);
  try {
    writePage(cachedDocsPath(specText), html);
  } catch {
    // The mock renders the page itself when its cache cannot be filled.
  }
  const kib = Math.round(statSync(output).size / 1024);
  console.log(
    `wrote ${path.relative(process.cwd(), output)} (${kib} KiB, self-contained) in ${Math.round(performance.now() - started)} ms; the mock serves it at /__mock/docs`,
  );
  return 0;
}

if (require.main === module) {
  runDocs(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      console.error('model-gateway docs: unexpected error', err);
      process.exitCode = 2;
    },
  );
}
