import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Contract } from '../../../kit/contract/contract-types';
import { SPEC_PATH } from '../../../kit/contract/contract';
import type { AdminEndpoint } from '../core/stages/admin';
import type { ReplySink } from '../exchange/reply-sink';
import { GatewayError } from '../exchange/gateway-error';
import { sendError } from '../exchange/send';
import { renderDocs, renderedFrom, specHash, writePage } from './render-docs';

/** Where `npm run docs` writes the HTML reference: reports/docs/index.html beside spec/. */
export function defaultDocsHtmlPath(specPath: string = SPEC_PATH): string {
  return path.join(path.dirname(specPath), '..', 'reports', 'docs', 'index.html');
}

/** Pages rendered by any mock, one per spec text, so a restart or a reload back to a text is instant. */
const CACHE_DIR = path.join(os.tmpdir(), 'model-gateway-mock-docs');

/** Where a page rendered from `specText` is kept for the mocks that serve that text. */
export function cachedDocsPath(specText: string, cacheDir: string = CACHE_DIR): string {
  return path.join(cacheDir, `${specHash(specText)}.html`);
}

export interface DocsEndpointInit {
  /** The contract this mock instance serves; `/__mock/openapi.json` is its document. */
  readonly contract: Contract;
  /** The YAML the contract was read from, served as written (comments included). */
  readonly specText: string;
  /** A page built by `npm run docs`, served when it was rendered from the same spec text. */
  readonly docsHtmlPath?: string;
  /** Where rendered pages are kept (default: a folder in the system's temporary folder). */
  readonly cacheDir?: string;
}

/**
 * GET /__mock/docs (the HTML reference of the spec this mock serves), GET /__mock/openapi.yaml and
 * GET /__mock/openapi.json (that spec, so tools can point at the mock alone). The reference is
 * rendered at the first request for it, not at start: a mock built by a `--watch` reload renders
 * its own spec when asked.
 */
export function createDocsEndpoint(init: DocsEndpointInit): AdminEndpoint {
  const docsHtmlPath = init.docsHtmlPath ?? defaultDocsHtmlPath(init.contract.specPath);
  // Serialized at the first request for it, not at every start (about 3 ms).
  let json: string | undefined;
  let page: Promise<string> | undefined;
  return (request, reply, path) => {
    const method = request.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    switch (path) {
      case '/__mock/openapi.yaml':
        send(reply, 'application/yaml; charset=utf-8', init.specText);
        return true;
      case '/__mock/openapi.json':
        send(
          reply,
          'application/json; charset=utf-8',
          (json ??= `${JSON.stringify(init.contract.document, null, 2)}\n`),
        );
        return true;
      case '/__mock/docs':
      case '/__mock/docs/':
        page ??= docsPage(init, docsHtmlPath);
        page.then(
          (html) => send(reply, 'text/html; charset=utf-8', html),
          (err: unknown) => {
            // A failed render is tried again at the next request (the renderer may be installed by then).
            page = undefined;
            sendError(
              reply,
              new GatewayError(
                503,
                `The API reference of ${init.contract.specPath} could not be rendered: ${(err as Error).message}`,
              ),
            );
          },
        );
        return true;
      default:
        return false;
    }
  };
}

/** The page built by `npm run docs` when it is of this text, else one rendered before, else a new one. */
async function docsPage(init: DocsEndpointInit, docsHtmlPath: string): Promise<string> {
  const hash = specHash(init.specText);
  const cached = cachedDocsPath(init.specText, init.cacheDir);
  for (const file of [docsHtmlPath, cached]) {
    const html = readIfExists(file);
    if (html !== undefined && renderedFrom(html) === hash) return html;
  }
  const html = await renderDocs(init.specText, init.contract.specPath);
  try {
    writePage(cached, html);
    pruneCache(path.dirname(cached));
  } catch {
    // A cache that cannot be written only costs the next start a render.
  }
  return html;
}

/** Pages kept; older ones go (each is about 2.5 MB, and every edit under --watch makes one). */
const KEEP_PAGES = 20;

function pruneCache(dir: string): void {
  const pages = readdirSync(dir)
    .filter((name) => name.endsWith('.html'))
    .map((name) => ({ file: path.join(dir, name), used: statSync(path.join(dir, name)).mtimeMs }))
    .sort((a, b) => b.used - a.used);
  for (const { file } of pages.slice(KEEP_PAGES)) rmSync(file, { force: true });
}

function readIfExists(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** A HEAD request gets the same head without the body (the adapter drops it). */
function send(reply: ReplySink, contentType: string, body: string | Uint8Array): void {
  reply.send(200, ['content-type', contentType, 'cache-control', 'no-cache'], body);
}
