import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MockStore } from './state/store';
import type { MockOptions } from './options';
import type { RunningStreams } from './running-streams';
import { GatewayError } from './pipeline/gateway-error';
import { authenticate } from './pipeline/authenticate';
import { sendJson } from './pipeline/send';
import { readBody } from './pipeline/read-body';
import { scenarioControls } from './scenarios/scenario-controls';

export const ADMIN_PREFIX = '/__mock/';
/** Answers 200 once the mock serves, with no key even beyond loopback. */
export const HEALTH_PATH = '/__mock/health';
const HEALTHY = JSON.stringify({ status: 'ok' });

/** Extra admin routes (docs, raw spec) that other parts of the mock add. */
export type AdminRoute = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * Control endpoints outside the API's base path: reset the state, look at it (with the streams
 * still running, so a page's abort can be seen to free its stream), see recent requests.
 * They answer in the same envelope as the API so tools can treat them alike.
 */
export function handleAdmin(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  store: MockStore,
  streams: RunningStreams,
  options: MockOptions,
  extra: readonly AdminRoute[] = [],
  failed: (err: unknown) => void = () => undefined,
): void {
  // HEAD is GET without the body (node drops what is written): `wait-on` and uptime checks send it.
  const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
  // Readiness for scripts, containers and probes: open without a key, as it tells nothing but "up".
  if (method === 'GET' && path === HEALTH_PATH) {
    sendJson(res, 200, HEALTHY);
    return;
  }
  if (options.adminRequiresManagementKey) {
    const key = authenticate(req.headers, false, store);
    if (!key.management)
      throw new GatewayError(
        403,
        'Only management keys can use the /__mock/ endpoints when the mock listens beyond loopback',
      );
  }
  const route = `${method} ${path}`;
  const controls = scenarioControls(store);
  switch (route) {
    case 'POST /__mock/reset':
      store.reset();
      sendJson(res, 200, JSON.stringify({ reset: true }));
      return;
    case 'GET /__mock/state':
      sendJson(res, 200, JSON.stringify({ ...store.snapshot(), running_streams: streams.size }));
      return;
    case 'GET /__mock/requests':
      sendJson(res, 200, JSON.stringify({ requests: controls.requests(journalFilter(req.url)) }));
      return;
    case 'GET /__mock/scenarios':
      sendJson(res, 200, JSON.stringify({ scenarios: controls.list() }));
      return;
    case 'DELETE /__mock/scenarios':
      controls.clear();
      sendJson(res, 200, JSON.stringify({ scenarios: [] }));
      return;
    case 'POST /__mock/scenarios':
      readBody(req, ADMIN_BODY_LIMIT, 400, (error, body) => {
        try {
          if (error) throw error;
          sendJson(res, 201, JSON.stringify(controls.add(parseJson(body))));
        } catch (err) {
          failed(err);
        }
      });
      return;
    default:
      for (const handle of extra) if (handle(req, res)) return;
      throw new GatewayError(
        404,
        `No admin endpoint ${route}: try GET /__mock/health, GET /__mock/state, GET /__mock/requests, GET, POST or DELETE /__mock/scenarios, or POST /__mock/reset`,
      );
  }
}

/** A scenario is a small JSON document; a body past this is a mistake, not a scenario. */
const ADMIN_BODY_LIMIT = 1024 * 1024;

/** `?operation=createResponse`: the journal of one operation. */
function journalFilter(url: string | undefined): { operation?: string } {
  const operation = new URL(url ?? '/', 'http://mock').searchParams.get('operation');
  return operation === null ? {} : { operation };
}

function parseJson(body: Buffer | undefined): unknown {
  const text = body?.toString() ?? '';
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new GatewayError(400, `Bad scenario: the body is not JSON (${(err as Error).message})`, {
      mockControl: true,
    });
  }
}
