/**
 * `npm run docs [-- --spec FILE] [--output FILE]`: renders a spec (default spec/openapi.yaml) to one
 * self-contained HTML reference (mocks/src/render-docs.ts). The mock serves the reference of the
 * spec it runs on at GET /__mock/docs; this also fills the mock's cache, so that page opens at once.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SPEC_PATH } from '../kit/contract/contract';
import { cachedDocsPath, defaultDocsHtmlPath } from '../mocks/src/api-docs/docs-endpoint';
import { renderDocs, RenderDocsError, writePage } from '../mocks/src/api-docs/render-docs';

const ROOT = path.join(__dirname, '..');
const USAGE = `Usage: npm run docs [-- --spec FILE] [--output FILE]

Writes the HTML API reference of a spec.
  --spec FILE     the spec to render (default spec/openapi.yaml)
  --output FILE   where to write it (default ${path.relative(ROOT, defaultDocsHtmlPath())} for the
                  default spec, reports/docs/NAME.html for --spec NAME.yaml)
A mock serves the reference of the spec it runs on at GET /__mock/docs (with --spec and --watch too).`;

async function main(args: readonly string[]): Promise<number> {
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
    console.error(`docs: ${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const specPath = values.spec === undefined ? SPEC_PATH : path.resolve(values.spec);
  const output =
    values.output !== undefined
      ? path.resolve(values.output)
      : values.spec === undefined
        ? defaultDocsHtmlPath()
        : path.join(path.dirname(defaultDocsHtmlPath()), `${path.basename(specPath).replace(/\.[^.]*$/, '')}.html`);
  let specText: string;
  try {
    specText = readFileSync(specPath, 'utf8');
  } catch (err) {
    console.error(`docs: cannot read ${specPath}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    return 2;
  }
  const started = performance.now();
  let html: string;
  try {
    html = await renderDocs(specText, specPath);
  } catch (err) {
    if (!(err instanceof RenderDocsError)) throw err;
    console.error(`docs: ${err.message}`);
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

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error('docs: unexpected error', err);
    process.exitCode = 2;
  },
);
