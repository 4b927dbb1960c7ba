import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Contract } from '../../../../kit/contract/contract-types';
import { SPEC_PATH } from '../../../../kit/contract/contract';
import type { AdminRoute } from '../../core/admin';
import type { ReplySink } from '../../exchange/reply-sink';
import { GatewayError } from '../../exchange/gateway-error';

/** Where `npm run docs` writes the HTML reference: reports/docs/index.html beside spec/. */
export function defaultDocsHtmlPath(specPath: string = SPEC_PATH): string {
  return path.join(path.dirname(specPath), '..', 'reports', 'docs', 'index.html');
}

export interface DocsRoutesInit {
  /** The contract this mock instance serves; `/__mock/openapi.json` is its document. */
  readonly contract: Contract;
  /** The YAML the contract was read from, served as written (comments included). */
  readonly specText: string;
  readonly docsHtmlPath?: string;
}

/**
 * GET /__mock/docs (the HTML reference built by `npm run docs`), GET /__mock/openapi.yaml and
 * GET /__mock/openapi.json (the spec this mock runs on, so tools can point at the mock alone).
 */
export function createDocsRoutes(init: DocsRoutesInit): AdminRoute {
  const docsHtmlPath = init.docsHtmlPath ?? defaultDocsHtmlPath(init.contract.specPath);
  // Serialized at the first request for it, not at every start (about 3 ms).
  let json: string | undefined;
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
        send(reply, 'text/html; charset=utf-8', readDocs(docsHtmlPath));
        return true;
      default:
        return false;
    }
  };
}

/** The built page, read per request so `npm run docs` shows without a restart. */
function readDocs(docsHtmlPath: string): Buffer {
  try {
    if (statSync(docsHtmlPath).isFile()) return readFileSync(docsHtmlPath);
  } catch {
    // Not built yet: answered below.
  }
  throw new GatewayError(
    404,
    `The API reference is not built: run \`npm run docs\` (it writes ${path.relative(process.cwd(), docsHtmlPath) || docsHtmlPath}), then reload /__mock/docs`,
  );
}

/** A HEAD request gets the same head without the body (the adapter drops it). */
function send(reply: ReplySink, contentType: string, body: string | Uint8Array): void {
  reply.send(200, ['content-type', contentType, 'cache-control', 'no-cache'], body);
}
