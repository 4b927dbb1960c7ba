import type { OperationInfo } from '../../kit/contract/operations';
import type { ConnectionDrop, Exchange, RequestSpec, StreamCapture } from './wire-types';
import { idleConnectionRace } from './connection-reuse';
import { authorization, redactedAuthorization } from './credentials';
import type { Keys } from './credentials';
import { SAME_NAMES } from './name-map';
import type { NameMap } from './name-map';
import { pause } from './pause';
import { routeFor } from './proxy-route';
import type { ProxyEnv } from './proxy-route';
import { sendJson } from './send-json';
import { sendRaw } from './send-raw';
import { sendStream } from './send-stream';
import { reconnecting } from './reconnecting';
import { describeTransportError, droppedBeforeAnswer, droppedConnection } from './transport-error';
import { mergeHeaders, shownHeaders } from './extra-headers';
import type { ExtraHeaders } from './extra-headers';
import { SECRET_NAMES } from '../../kit/secrets/secret-names';
import type { SecretNames } from '../../kit/secrets/secret-names';

export interface ClientSettings {
  readonly baseUrl: string;
  readonly keys: Keys;
  readonly requestTimeoutMs: number;
  readonly eventTimeoutMs: number;
  /** The gateway's names for the contract's (target file `names`); the same names by default. */
  readonly names?: NameMap;
  /** Aborts every request in flight and any wait between retries (the run stopped). */
  readonly signal?: AbortSignal;
  /** HTTPS_PROXY, HTTP_PROXY and NO_PROXY as the CLI found them: requests go through that proxy. */
  readonly proxyEnv?: ProxyEnv;
  /** Headers sent on every request (--header); a request's own headers win over them. */
  readonly headers?: ExtraHeaders;
}

export interface GatewayClient {
  send(scenario: string, operation: OperationInfo, spec: RequestSpec): Promise<Exchange>;
}

/** Sends requests to the gateway under test and captures everything checks need. */
export function createGatewayClient(settings: ClientSettings): GatewayClient {
  const names = settings.names ?? SAME_NAMES;
  const route = routeFor(settings.baseUrl, settings.proxyEnv);
  return {
    async send(scenario, operation, spec) {
      const pathAndQuery = spec.path + queryString(spec.query);
      const url = settings.baseUrl + pathAndQuery;
      const base = { scenario, operation, request: spec, url };
      const call = {
        baseUrl: settings.baseUrl,
        method: spec.method,
        pathAndQuery,
        headers: mergeHeaders(
          settings.headers ?? {},
          names.outgoingHeaders(requestHeaders(spec, authorization(spec.credential, settings.keys))),
        ),
        body: wireBody(spec, names),
        timeoutMs: settings.requestTimeoutMs,
        signal: settings.signal,
        route,
      };
      const attempt = async (): Promise<Exchange> => {
        if (spec.raw) return { ...base, response: incoming(await sendRaw(call), names) };
        if (!spec.stream) return { ...base, response: incoming(await sendJson(call), names) };
        const outcome = await sendStream({ ...call, eventTimeoutMs: settings.eventTimeoutMs });
        const response = incoming(outcome.response, names);
        return outcome.stream
          ? { ...base, response, stream: incomingStream(outcome.stream, names) }
          : { ...base, response };
      };
      const once = async (): Promise<Exchange> => {
        const drops: ConnectionDrop[] = [];
        const noted = (exchange: Exchange): Exchange => (drops.length === 0 ? exchange : { ...exchange, drops });
        try {
          const onDrop = (err: unknown) => drops.push(connectionDrop(err, route.via));
          return noted(await reconnecting(attempt, () => settings.signal?.aborted === true, onDrop));
        } catch (err) {
          const transportError = describeTransportError(err, route.via);
          const dropped = droppedConnection(err) ? { dropped: connectionDrop(err, route.via) } : {};
          return noted({ ...base, transportError, ...dropped });
        }
      };
      let exchange = await once();
      // A documented 429 (createResponse responses) means "not processed, come back later": a busy gateway
      // should not turn into a pile of failures, so wait as told (briefly) and try again. Each 429 is
      // kept with the answer that followed it: it is an answer too, judged and counted.
      const retriedPast: Exchange[] = [];
      for (
        let retry = 0;
        retry < RATE_LIMIT_RETRIES && exchange.response?.status === 429 && operation.responses.has('429');
        retry++
      ) {
        retriedPast.push(exchange);
        await pause(retryAfterMs(exchange.response.headers['retry-after']), settings.signal);
        exchange = await once();
      }
      return retriedPast.length === 0 ? exchange : { ...exchange, retriedPast };
    },
  };
}

function connectionDrop(err: unknown, via: string | undefined): ConnectionDrop {
  const drop = { error: describeTransportError(err, via), idle: idleConnectionRace(err) };
  return droppedBeforeAnswer(err) ? drop : { ...drop, answerBegan: true };
}

const RATE_LIMIT_RETRIES = 2;
const MAX_RETRY_WAIT_MS = 5000;

function retryAfterMs(header: string | undefined): number {
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, MAX_RETRY_WAIT_MS) : 1000;
}

/** The answer as the checks read it: headers and JSON members in the contract's names, the text as sent. */
function incoming(response: Exchange['response'] & object, names: NameMap): NonNullable<Exchange['response']> {
  return { ...response, headers: names.incomingHeaders(response.headers), json: names.incomingBody(response.json) };
}

function incomingStream(stream: StreamCapture, names: NameMap): StreamCapture {
  const rename = <T extends { json: unknown }>(event: T): T => ({ ...event, json: names.incomingBody(event.json) });
  return {
    ...stream,
    events: stream.events.map(rename),
    ...(stream.unterminated === undefined ? {} : { unterminated: rename(stream.unterminated) }),
  };
}

function wireBody(spec: RequestSpec, names: NameMap): string | undefined {
  if (spec.rawBody !== undefined) return spec.rawBody;
  return spec.body === undefined ? undefined : JSON.stringify(names.outgoingBody(spec.body));
}

/** Headers as sent, minus the key and any secret extra header: what reports and curl commands show. */
export function reportedHeaders(
  spec: RequestSpec,
  names: NameMap = SAME_NAMES,
  extra: ExtraHeaders = {},
  secret: SecretNames = SECRET_NAMES,
): Record<string, string> {
  return mergeHeaders(
    shownHeaders(extra, secret),
    names.outgoingHeaders(requestHeaders(spec, redactedAuthorization(spec.credential))),
  );
}

/** The body as sent, in the gateway's names. */
export function reportedBody(spec: RequestSpec, names: NameMap = SAME_NAMES): unknown {
  return spec.body === undefined ? undefined : names.outgoingBody(spec.body);
}

function requestHeaders(spec: RequestSpec, auth: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  if (auth !== undefined) headers.Authorization = auth;
  if (spec.body !== undefined || spec.rawBody !== undefined) headers['Content-Type'] = 'application/json';
  if (spec.stream && spec.acceptEventStream !== false) headers.Accept = 'text/event-stream';
  return { ...headers, ...spec.headers };
}

export function queryString(query: RequestSpec['query']): string {
  if (!query || Object.keys(query).length === 0) return '';
  return `?${new URLSearchParams(query as Record<string, string>).toString()}`;
}
