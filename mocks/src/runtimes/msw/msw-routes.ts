import { http } from 'msw';
import type { HttpHandler } from 'msw';
import { ADMIN_PREFIX } from '../../core/stages/admin';
import type { FetchHandler } from '../fetch/fetch-adapter';
import { resetForMsw } from './msw-network-error';

/**
 * msw's handlers for a mock served at `api` (the API base, `https://gateway.test/api/v1`): every
 * request under it, and the admin endpoints (`/__mock/*`) at its origin, go whole to `fetch`,
 * which decides everything (route, status, headers, body, pacing). These handlers only say which
 * URLs are the mock's, as msw's own `http.all(path, resolver)` factories do.
 */
export function mswRoutes(api: URL, fetch: FetchHandler): HttpHandler[] {
  const resolver = ({ request }: { request: Request }): Promise<Response> => fetch(request).catch(resetForMsw);
  const base = api.href.replace(/\/+$/, '');
  return [http.all(`${base}/*`, resolver), http.all(`${api.origin}${ADMIN_PREFIX}*`, resolver)];
}

/** Whether the handlers of a mock served at `api` take `url` (the same paths as mswRoutes). */
export function isMockUrl(api: URL, url: string): boolean {
  const base = api.href.replace(/\/+$/, '');
  return url.startsWith(`${base}/`) || url.startsWith(`${api.origin}${ADMIN_PREFIX}`);
}
