import type { MockStore } from './state/store';
import type { MockOptions } from './options';
import type { RunningStreams } from './running-streams';
import type { MockRequest } from './core/mock-request';
import type { ReplySink } from './core/reply-sink';
import { GatewayError } from './pipeline/gateway-error';
import { authenticate } from './pipeline/authenticate';
import { sendJson } from './pipeline/send';

export const ADMIN_PREFIX = '/__mock/';
/** Answers 200 once the mock serves, with no key even beyond loopback. */
export const HEALTH_PATH = '/__mock/health';
const HEALTHY = JSON.stringify({ status: 'ok' });

/** Extra admin routes (docs, raw spec) that other parts of the mock add. */
/** Returns true when it answered the request. */
export type AdminRoute = (request: MockRequest, reply: ReplySink, path: string) => boolean;

/**
 * Control endpoints outside the API's base path: reset the state, look at it (with the streams
 * still running, so a page's abort can be seen to free its stream), see recent requests.
 * They answer in the same envelope as the API so tools can treat them alike.
 */
export function handleAdmin(
  request: MockRequest,
  reply: ReplySink,
  path: string,
  store: MockStore,
  streams: RunningStreams,
  options: MockOptions,
  extra: readonly AdminRoute[] = [],
): void {
  // HEAD is GET without the body (node drops what is written): `wait-on` and uptime checks send it.
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  // Readiness for scripts, containers and probes: open without a key, as it tells nothing but "up".
  if (method === 'GET' && path === HEALTH_PATH) {
    sendJson(reply, 200, HEALTHY);
    return;
  }
  if (options.adminRequiresManagementKey) {
    const key = authenticate(request.headers, false, store);
    if (!key.management)
      throw new GatewayError(
        403,
        'Only management keys can use the /__mock/ endpoints when the mock listens beyond loopback',
      );
  }
  const route = `${method} ${path}`;
  switch (route) {
    case 'POST /__mock/reset':
      store.reset();
      sendJson(reply, 200, JSON.stringify({ reset: true }));
      return;
    case 'GET /__mock/state':
      sendJson(reply, 200, JSON.stringify({ ...store.snapshot(), running_streams: streams.size }));
      return;
    case 'GET /__mock/requests':
      sendJson(reply, 200, JSON.stringify({ requests: store.requests.list() }));
      return;
    default:
      for (const handle of extra) if (handle(request, reply, path)) return;
      throw new GatewayError(
        404,
        `No admin endpoint ${route}: try GET /__mock/health, GET /__mock/state, GET /__mock/requests or POST /__mock/reset`,
      );
  }
}
