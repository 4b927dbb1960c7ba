import type { Fault } from './fault-proxy';
import { CORE_REQUEST_MEMBERS } from '../../../kit/contract/core-members';
import { isRecord } from '../../../kit/json/guards';

/**
 * What a gateway that knows OpenAI's Responses API alone forwards of a POST /responses body: its
 * own members, the core's list. Were an extension listed there by mistake, the gateway would pass
 * it on, and the matrix would find that feature supported where the tests expect it unsupported.
 */
const OPENAI_MEMBERS = new Set(CORE_REQUEST_MEMBERS);

/** The request headers such a gateway passes on: none of this API's own (`X-Service-Metadata`, `x-session-id`). */
const DROPPED_HEADERS = new Set(['x-service-metadata', 'x-service-experimental-metadata', 'x-session-id']);

/**
 * An OpenAI-compatible gateway in front of the mock, as teams meet them (a Portkey in front of
 * the API): POST /responses bodies reach the mock with OpenAI's members only, and this API's
 * headers are not passed on. Everything else goes through as it is.
 */
export const OPENAI_ONLY_GATEWAY: Fault = {
  request: (req) => {
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !DROPPED_HEADERS.has(name)));
    const body =
      req.path.startsWith('/responses') && isRecord(req.body)
        ? Object.fromEntries(Object.entries(req.body).filter(([member]) => OPENAI_MEMBERS.has(member)))
        : req.body;
    return { ...req, headers, body };
  },
};
