// Types only: the module itself is required lazily, on the first Prefer example (see below).
import type * as PrismHttp from '@stoplight/prism-http';
import type { Contract } from '../../../kit/contract/contract-types';
import type { OperationInfo } from '../../../kit/contract/operations';
import type { MockRequest } from '../exchange/mock-request';
import type { PreferHandler } from '../core/stages/prefer/prefer-unavailable';
import { PREFER_NEEDS_NODE } from '../core/stages/prefer/prefer-unavailable';
import { GatewayError } from '../exchange/gateway-error';
import { checkExample, exampleStatus } from './check-example';
import { isRecord } from '../../../kit/json/guards';
import { EVENT_STREAM } from '../../../kit/stream/stream-spec';
import { parsePrefer } from '../core/stages/prefer/parse-prefer';
import { errorMessageFor } from '../exchange/error-messages';

/** Errors about the Prefer header concern the mock's controls, not the API (see GatewayErrorOptions). */
const CONTROL = { mockControl: true } as const;
const DYNAMIC_ATTEMPTS = 10;

type PrismModule = typeof PrismHttp;
type PrismInstance = ReturnType<PrismModule['createInstance']>;
type PrismOperations = Awaited<ReturnType<PrismModule['getHttpOperationsFromSpec']>>;

interface PrismMockConfig {
  code?: number;
  exampleKey?: string;
  dynamic: boolean;
}

/**
 * Answers `Prefer: code=NNN | example=NAME | dynamic=true` with what the spec documents for the
 * operation, produced by Prism from our own document. Prism is loaded on first use only: it is
 * slow to load and slow per request, and the ordinary path never touches it.
 */
export function createPreferHandler(contract: Contract, basePath: string): PreferHandler {
  let loaded: Promise<{ prism: PrismInstance; operations: PrismOperations }> | undefined;
  const load = (): Promise<{ prism: PrismInstance; operations: PrismOperations }> => {
    loaded ??= (async () => {
      // Loaded lazily on purpose (see above); a static import would slow every start-up.
      const prismHttp = loadPrism();
      const operations = await prismHttp.getHttpOperationsFromSpec(contract.specPath);
      const prism = prismHttp.createInstance(prismConfig({ dynamic: false }), { logger: silentLogger() as never });
      return { prism, operations };
    })();
    return loaded;
  };

  const run = async (
    request: Record<string, unknown>,
    asked: PrismMockConfig,
  ): Promise<{ statusCode: number; headers?: Record<string, unknown>; body?: unknown }> => {
    const { prism, operations } = await load();
    const result = (await prism.request(request as never, operations, prismConfig(asked))()) as
      | { _tag: 'Right'; right: { output: { statusCode: number; headers?: Record<string, unknown>; body?: unknown } } }
      | { _tag: 'Left'; left: Error };
    if (result._tag === 'Left')
      throw new GatewayError(400, `Prefer example could not be produced: ${result.left.message}`, CONTROL);
    return result.right.output;
  };

  const conforms = (operation: OperationInfo, output: { statusCode: number; body?: unknown }): boolean => {
    const pointer = operation.responses.get(String(output.statusCode))?.content.get('application/json');
    return pointer === undefined || typeof output.body === 'string' || contract.validator(pointer)(output.body);
  };

  return async (operation: OperationInfo, request: MockRequest, body: Uint8Array | undefined) => {
    const asked = parsePrefer(String(request.headers.prefer));
    if (asked.code === undefined && asked.example === undefined && asked.dynamic === undefined) return undefined;
    const documented = [...operation.responses.keys()];
    if (asked.code !== undefined && !documented.includes(String(asked.code))) {
      throw new GatewayError(
        400,
        `Prefer: code=${asked.code} is not documented for ${operation.operationId}; documented statuses: ${documented.join(', ')}`,
        CONTROL,
      );
    }
    if (asked.example !== undefined) checkExample(operation, asked.code, asked.example);
    const parsed = parseBody(body);
    const accept = mediaTypeFor(
      operation,
      exampleStatus(operation, asked.code),
      headerText(request.headers.accept),
      parsed,
    );
    if (accept === EVENT_STREAM) checkStreamExample(operation, asked);
    // No base URL: Prism then matches the operation by its path and skips matching the server.
    const url = new URL(request.url, 'http://mock');
    const produce = () =>
      run(
        {
          method: request.method.toLowerCase(),
          url: { path: url.pathname.slice(basePath.length), query: Object.fromEntries(url.searchParams) },
          headers: { ...(request.headers as Record<string, string>), prefer: '', ...(accept ? { accept } : {}) },
          body: parsed,
        },
        { code: asked.code, exampleKey: asked.example, dynamic: asked.dynamic === true },
      );
    let output = await produce();
    // Prism's generator ignores `not` (GenericOutputItem), so a generated body can break the spec:
    // generate again, a few times, until it conforms (about one in four fails for createResponse).
    for (
      let attempt = 1;
      asked.dynamic === true && attempt < DYNAMIC_ATTEMPTS && !conforms(operation, output);
      attempt++
    ) {
      output = await produce();
    }
    // Prism spells header names as it likes (`Content-type`); keep them all, lower-cased.
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(output.headers ?? {})) {
      if (value !== undefined && name.toLowerCase() !== 'content-length') headers[name.toLowerCase()] = String(value);
    }
    const rawBody =
      typeof output.body === 'string'
        ? terminateEvents(output.body, headers['content-type'])
        : JSON.stringify(withEnvelopeCode(output.body ?? null, output.statusCode, asked.dynamic === true));
    return { status: output.statusCode, rawBody, headers };
  };
}

/**
 * The media type asked of Prism: a request with `"stream": true` (or `Accept: text/event-stream`)
 * gets the status's event stream when it documents one, as on the ordinary path (the SDKs send
 * `Accept: application/json` or nothing with their streams); else JSON when the status has it
 * (Prism would otherwise move to another status that offers the media type asked for).
 */
function mediaTypeFor(
  operation: OperationInfo,
  status: string,
  accept: string | undefined,
  body: unknown,
): string | undefined {
  const content = operation.responses.get(status)?.content;
  if (content === undefined) return accept;
  const streaming = (isRecord(body) && body.stream === true) || (accept?.includes(EVENT_STREAM) ?? false);
  if (streaming && content.has(EVENT_STREAM)) return EVENT_STREAM;
  return content.has('application/json') ? 'application/json' : accept;
}

/**
 * A streamed example serves one of the event stream's examples: Prism cannot generate a stream
 * (`dynamic=true` would give one event without `[DONE]`), and an example must have a stream form.
 */
function checkStreamExample(
  operation: OperationInfo,
  asked: { code?: number; example?: string; dynamic?: boolean },
): void {
  const status = exampleStatus(operation, asked.code);
  const names = [...(operation.responses.get(status)?.examples.get(EVENT_STREAM)?.keys() ?? [])];
  if (asked.dynamic === true)
    throw new GatewayError(
      400,
      `Prefer: dynamic=true cannot generate an event stream for ${operation.operationId} ${status}; ask for example=${names.join(' or example=')}, or send the request without "stream": true`,
      CONTROL,
    );
  if (asked.example === undefined || names.includes(asked.example)) return;
  throw new GatewayError(
    400,
    `Prefer: example=${asked.example} has no event-stream form for ${operation.operationId} ${status}; event-stream examples: ${names.join(', ')} (send the request without "stream": true for the JSON one)`,
    CONTROL,
  );
}

/**
 * Prism's YAML reader drops the final newline of a `|+` block, so an event-stream example came out
 * ending `data: [DONE]\n`; an SSE event is only dispatched at a blank line, so clients never saw
 * `[DONE]`. Event streams are served ending with the blank line, as written in the spec.
 */
function terminateEvents(body: string, contentType: string | undefined): string {
  if (!contentType?.startsWith(EVENT_STREAM)) return body;
  return withEventLines(body.endsWith('\n\n') ? body : `${body.replace(/\n?$/, '')}\n\n`);
}

/**
 * Every event of the mock's streams names its type on an `event:` line (sse-frame.ts; browsers'
 * EventSource dispatches on it), so an example's events get one too; the data lines stay as the
 * spec writes them, and `[DONE]` stays bare.
 */
function withEventLines(body: string): string {
  return body
    .split('\n\n')
    .map((block) => {
      if (block === '' || /^event:/m.test(block)) return block;
      const data = /^data: ?(.*)$/m.exec(block)?.[1];
      let type: unknown;
      try {
        type = data === undefined ? undefined : (JSON.parse(data) as { type?: unknown }).type;
      } catch {
        return block;
      }
      return typeof type === 'string' ? `event: ${type}\n${block}` : block;
    })
    .join('\n\n');
}

/**
 * ErrorObject.code equals the HTTP status, also in a generated (`dynamic=true`) envelope, whose
 * message is then a readable sentence for the status rather than the generator's filler text.
 */
function withEnvelopeCode(body: unknown, status: number, generated: boolean): unknown {
  if (typeof body !== 'object' || body === null || !('error' in body)) return body;
  const { error } = body as { error: unknown };
  if (typeof error !== 'object' || error === null || !('code' in error)) return body;
  return { ...body, error: { ...error, code: status, ...(generated ? { message: errorMessageFor(status) } : {}) } };
}

function prismConfig(asked: PrismMockConfig): never {
  return {
    mock: asked,
    validateRequest: false,
    validateResponse: false,
    checkSecurity: false,
    errors: false,
    upstreamProxy: undefined,
    isProxy: false,
  } as never;
}

function parseBody(body: Uint8Array | undefined): unknown {
  if (!body || body.length === 0) return undefined;
  const text = new TextDecoder().decode(body);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * Prism, required on first use (a static import would slow every start-up). Where it cannot load
 * (a bundle for a browser or a worker), the request is answered with one line saying so.
 */
function loadPrism(): PrismModule {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- deliberate lazy load, see above
    return require('@stoplight/prism-http') as PrismModule;
  } catch {
    throw new GatewayError(501, PREFER_NEEDS_NODE, CONTROL);
  }
}

function silentLogger(): Record<string, unknown> {
  const noop = (): void => undefined;
  const logger: Record<string, unknown> = {
    info: noop,
    warn: noop,
    error: noop,
    debug: noop,
    trace: noop,
    fatal: noop,
    success: noop,
    level: 'silent',
  };
  logger.child = () => logger;
  return logger;
}
