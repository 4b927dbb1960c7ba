/**
 * `npm run docs`: renders spec/openapi.yaml to one self-contained HTML reference with Redocly
 * (`redocly build-docs --inlineBundle`: the page carries its scripts and loads nothing from the
 * network). The mock serves the result at GET /__mock/docs.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SPEC_PATH } from '../kit/contract/contract';
import { defaultDocsHtmlPath } from '../mocks/src/runtimes/node/docs-routes';

const ROOT = path.join(__dirname, '..');
const USAGE = `Usage: npm run docs [-- --output FILE]

Writes the HTML API reference of spec/openapi.yaml (default ${path.relative(ROOT, defaultDocsHtmlPath())}).
The mock serves it at GET /__mock/docs.`;

/** A remote script or stylesheet would make the page depend on the network: refuse it. */
const REMOTE_ASSET = /<(?:script|link)\b[^>]*\b(?:src|href)\s*=\s*["']?(?:https?:)?\/\//i;

/**
 * The renderer's page also reaches for a logo on a CDN from its script. A Content-Security-Policy
 * forbids every fetch (the logo hides itself when blocked), so the page works the same offline
 * and, served by the mock, never calls out.
 */
const OFFLINE_POLICY =
  "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'unsafe-inline'; " +
  "style-src 'unsafe-inline'; img-src data:; font-src data:; worker-src blob:\">";

function withOfflinePolicy(html: string): string {
  const head = /<head[^>]*>/i.exec(html);
  if (!head) throw new Error('the rendered page has no <head>');
  return `${html.slice(0, head.index + head[0].length)}\n  ${OFFLINE_POLICY}${html.slice(head.index + head[0].length)}`;
}

function main(args: readonly string[]): number {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  const outputAt = args.indexOf('--output');
  const unknown = args.filter((arg, index) => index !== outputAt && (outputAt === -1 || index !== outputAt + 1));
  if (unknown.length > 0 || (outputAt !== -1 && args[outputAt + 1] === undefined)) {
    console.error(`docs: unexpected arguments ${args.join(' ')}\n\n${USAGE}`);
    return 2;
  }
  const output = outputAt === -1 ? defaultDocsHtmlPath() : path.resolve(args[outputAt + 1] as string);
  mkdirSync(path.dirname(output), { recursive: true });
  const started = performance.now();
  const redocly = path.join(ROOT, 'node_modules', '.bin', 'redocly');
  const run = spawnSync(
    redocly,
    ['build-docs', SPEC_PATH, '--inlineBundle', '--openapi.disableTelemetry', 'true', '--output', output],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (run.status !== 0) {
    console.error(
      `docs: redocly build-docs failed (exit ${run.status ?? run.signal ?? '?'}):\n${run.stdout}${run.stderr}`,
    );
    return 1;
  }
  const html = withOfflinePolicy(readFileSync(output, 'utf8'));
  writeFileSync(output, html);
  const remote = REMOTE_ASSET.exec(html);
  if (remote) {
    console.error(`docs: ${output} loads an asset from the network (${remote[0]}); the reference must work offline`);
    return 1;
  }
  const kib = Math.round(statSync(output).size / 1024);
  console.log(
    `wrote ${path.relative(process.cwd(), output)} (${kib} KiB, self-contained) in ${Math.round(performance.now() - started)} ms; the mock serves it at /__mock/docs`,
  );
  return 0;
}

process.exitCode = main(process.argv.slice(2));
