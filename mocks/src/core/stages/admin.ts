import type { MockStore } from '../state/store';
import type { MockOptions } from '../options';
import type { RunningStreams } from '../../exchange/running-streams';
import type { MockRequest } from '../../exchange/mock-request';
import type { ReplySink } from '../../exchange/reply-sink';
import { GatewayError } from '../../exchange/gateway-error';
import { authenticate } from './authenticate';
import { sendJson } from '../../exchange/send';
import { readRequestBody } from './read-body';
import { scenarioControls } from '../scenarios/scenario-controls';
import type { Scenario } from '../scenarios/scenario-types';
import type { OperationId } from '../operation-types';

export const ADMIN_PREFIX = '/__mock/';
/** Answers 200 once the mock serves, with no key even beyond loopback. */
export const HEALTH_PATH = '/__mock/health';
const HEALTHY = JSON.stringify({ status: 'ok' });

/** Extra admin endpoints (docs, raw spec) that other parts of the mock add. */
/** Returns true when it answered the request. */
export type AdminEndpoint = (request: MockRequest, reply: ReplySink, path: string) => boolean;

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
  extra: readonly AdminEndpoint[] = [],
  failed: (err: unknown) => void = () => undefined,
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
  const controls = scenarioControls(store);
  switch (route) {
    case 'POST /__mock/reset':
      store.reset();
      sendJson(reply, 200, JSON.stringify({ reset: true }));
      return;
    case 'GET /__mock/state':
      sendJson(reply, 200, JSON.stringify({ ...store.snapshot(), running_streams: streams.size }));
      return;
    case 'GET /__mock/requests':
      sendJson(reply, 200, JSON.stringify({ requests: controls.requests(journalFilter(request.url)) }));
      return;
    case 'GET /__mock/scenarios':
      sendJson(reply, 200, JSON.stringify({ scenarios: controls.list() }));
      return;
    case 'DELETE /__mock/scenarios':
      controls.clear();
      sendJson(reply, 200, JSON.stringify({ scenarios: [] }));
      return;
    case 'POST /__mock/scenarios':
      // The same `add` as mock.scenarios.add: one check, one book (mocks/src/core/scenarios/).
      readRequestBody(request, ADMIN_BODY_LIMIT, 400, (error, body) => {
        try {
          if (error) throw error;
          // Any JSON: `add` checks what arrives against the scenario schema.
          sendJson(reply, 201, JSON.stringify(controls.add(parseJson(body) as Scenario)));
        } catch (err) {
          failed(err);
        }
      });
      return;
    default:
      for (const handle of extra) if (handle(request, reply, path)) return;
      throw new GatewayError(
        404,
        `No admin endpoint ${route}: try GET /__mock/health, GET /__mock/state, GET /__mock/requests, GET, POST or DELETE /__mock/scenarios, or POST /__mock/reset`,
      );
  }
}

/** A scenario is a small JSON document; a body past this is a mistake, not a scenario. */
const ADMIN_BODY_LIMIT = 1024 * 1024;

/** `?operation=createResponse`: the journal of one operation. */
function journalFilter(url: string): { operation?: OperationId } {
  // Any text: an operation no request has simply keeps none.
  const operation = new URL(url, 'http://mock').searchParams.get('operation') as OperationId | null;
  return operation === null ? {} : { operation };
}

function parseJson(body: Uint8Array | undefined): unknown {
  const text = body === undefined ? '' : new TextDecoder().decode(body);
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new GatewayError(400, `Bad scenario: the body is not JSON (${(err as Error).message})`, {
      mockControl: true,
    });
  }
}
