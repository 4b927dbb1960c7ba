import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADD_REDOCLY, redoclyCli } from '../../../kit/package/redocly-cli';

/**
 * One self-contained HTML reference of a spec, rendered by Redocly (`redocly build-docs
 * --inlineBundle`: the page carries its scripts and loads nothing from the network). Used by
 * `npm run docs` and by the mock's GET /__mock/docs, which renders the spec it serves.
 */

/** The SHA-256 of the spec text a page was rendered from, written into the page. */
const SPEC_HASH_META = /<meta name="spec-sha256" content="([0-9a-f]{64})">/;

export function specHash(specText: string): string {
  return createHash('sha256').update(specText).digest('hex');
}

/** The hash written into a rendered page, or undefined for a page from elsewhere. */
export function renderedFrom(html: string): string | undefined {
  return SPEC_HASH_META.exec(html)?.[1];
}

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

export class RenderDocsError extends Error {
  override readonly name = 'RenderDocsError';
}

/**
 * Renders `specText` (read from `specPath`, which relative references are resolved against) and
 * returns the page. Rejects with a RenderDocsError that says what to do.
 */
export async function renderDocs(specText: string, specPath: string): Promise<string> {
  const cli = redoclyCli();
  if (cli === undefined) {
    throw new RenderDocsError(
      `rendering the API reference needs the Redocly CLI (@redocly/cli), which is not installed here: ${ADD_REDOCLY}`,
    );
  }
  const work = mkdtempSync(path.join(os.tmpdir(), 'api-docs-'));
  try {
    // The file as it was read; if it changed since (an edit during --watch), the text as served.
    let input = specPath;
    if (readIfExists(specPath) !== specText) {
      input = path.join(work, path.basename(specPath));
      writeFileSync(input, specText);
    }
    const output = path.join(work, 'index.html');
    const args = ['build-docs', input, '--inlineBundle', '--openapi.disableTelemetry', 'true', '--output', output];
    await run(process.execPath, [cli, ...args]);
    const html = withHead(readFileSync(output, 'utf8'), specHash(specText));
    const remote = REMOTE_ASSET.exec(html);
    if (remote) throw new RenderDocsError(`the rendered page loads an asset from the network (${remote[0]})`);
    return html;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Writes a page so a reader never sees half of it. */
export function writePage(file: string, html: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, html);
  renameSync(partial, file);
}

function withHead(html: string, hash: string): string {
  const head = /<head[^>]*>/i.exec(html);
  if (!head) throw new RenderDocsError('the rendered page has no <head>');
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}\n  ${OFFLINE_POLICY}\n  <meta name="spec-sha256" content="${hash}">${html.slice(at)}`;
}

function readIfExists(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function run(command: string, args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(command, [...args], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) reject(new RenderDocsError(`redocly build-docs failed: ${`${stdout}${stderr}`.trim() || err.message}`));
      else resolve();
    });
  });
}
