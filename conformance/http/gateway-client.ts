import type { OperationInfo } from '../../kit/contract/operations';
import type { Exchange, RequestSpec } from '../engine/types';
import { authorization, redactedAuthorization } from './credentials';
import type { Keys } from './credentials';
import { sendJson } from './send-json';
import { sendStream } from './send-stream';

export interface ClientSettings {
  readonly baseUrl: string;
  readonly keys: Keys;
  readonly requestTimeoutMs: number;
  readonly eventTimeoutMs: number;
}

export interface GatewayClient {
  send(scenario: string, operation: OperationInfo, spec: RequestSpec): Promise<Exchange>;
}

/** Sends requests to the gateway under test and captures everything checks need. */
export function createGatewayClient(settings: ClientSettings): GatewayClient {
  return {
    async send(scenario, operation, spec) {
      const pathAndQuery = spec.path + queryString(spec.query);
      const url = settings.baseUrl + pathAndQuery;
      const base = { scenario, operation, request: spec, url };
      const headers = requestHeaders(spec, authorization(spec.credential, settings.keys));
      const call = {
        baseUrl: settings.baseUrl,
        method: spec.method,
        pathAndQuery,
        headers,
        body: spec.rawBody ?? (spec.body === undefined ? undefined : JSON.stringify(spec.body)),
        timeoutMs: settings.requestTimeoutMs,
      };
      const once = async (): Promise<Exchange> => {
        try {
          if (spec.stream) {
            const outcome = await sendStream({ ...call, eventTimeoutMs: settings.eventTimeoutMs });
            return { ...base, response: outcome.response, stream: outcome.stream };
          }
          return { ...base, response: await sendJson(call) };
        } catch (err) {
          return { ...base, transportError: describeTransportError(err) };
        }
      };
      let exchange = await once();
      // A documented 429 (createResponse responses) means "not processed, come back later": a busy gateway
      // should not turn into a pile of failures, so wait as told (briefly) and try again.
      for (
        let retry = 0;
        retry < RATE_LIMIT_RETRIES && exchange.response?.status === 429 && operation.responses.has('429');
        retry++
      ) {
        await delay(retryAfterMs(exchange.response.headers['retry-after']));
        exchange = await once();
      }
      return exchange;
    },
  };
}

const RATE_LIMIT_RETRIES = 2;
const MAX_RETRY_WAIT_MS = 5000;

function retryAfterMs(header: string | undefined): number {
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, MAX_RETRY_WAIT_MS) : 1000;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Headers as sent, minus the key: what reports and curl commands show. */
export function reportedHeaders(spec: RequestSpec): Record<string, string> {
  return requestHeaders(spec, redactedAuthorization(spec.credential));
}

function requestHeaders(spec: RequestSpec, auth: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  if (auth !== undefined) headers.Authorization = auth;
  if (spec.body !== undefined || spec.rawBody !== undefined) headers['Content-Type'] = 'application/json';
  if (spec.stream) headers.Accept = 'text/event-stream';
  return { ...headers, ...spec.headers };
}

export function queryString(query: RequestSpec['query']): string {
  if (!query || Object.keys(query).length === 0) return '';
  return `?${new URLSearchParams(query as Record<string, string>).toString()}`;
}

export function describeTransportError(err: unknown): string {
  const error = err as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = error.code ?? error.cause?.code;
  const message = error.cause?.message ?? error.message ?? String(err);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}
