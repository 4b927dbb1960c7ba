import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppRoute } from './page-app';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

// compression ships no types; this is the one call the test makes of it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const compression = require('compression') as () => Middleware;

/**
 * A dev server's proxy rule, `/api` → the mock, as Vite's `server.proxy` or webpack-dev-server's
 * `proxy` set it up: the request goes on unchanged and the answer streams back as it arrives.
 * With `compress`, the dev server's answers first pass Express's `compression` middleware (what
 * webpack-dev-server's `compress` and Next.js's `compress` use), which gzips what the browser accepts.
 */
export function devProxy(target: string, options: { compress: boolean }): AppRoute {
  const compress = options.compress ? compression() : undefined;
  const forward = (req: IncomingMessage, res: ServerResponse): void => {
    const upstream = http.request(
      `${target}${req.url ?? ''}`,
      { method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  };
  return (req, res) => {
    if (!req.url?.startsWith('/api/')) return false;
    if (compress) compress(req, res, () => forward(req, res));
    else forward(req, res);
    return true;
  };
}
