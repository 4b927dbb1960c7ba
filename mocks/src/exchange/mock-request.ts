/**
 * The request as the core reads it: what every runtime can give without copying. The node adapter
 * hands over node:http's own header object and socket; the fetch adapter builds them from a
 * `Request` once.
 */

/** Header values by lower-case name (node:http's shape; a repeated header may be a list). */
export type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>;

/**
 * Called once: with the whole body, with 'too-large' as soon as it passes the limit (the core
 * answers 413 or 400, see read-body.ts), or with the error that stopped the reading.
 */
export type BodyCallback = (refused: 'too-large' | Error | null, body: Uint8Array) => void;

/**
 * The size rule both adapters keep: a body whose declared Content-Length passes the limit is
 * refused before any byte is read; one that is sent longer, as soon as it passes it.
 */
export function pastLimit(bytes: number, limitBytes: number): boolean {
  return bytes > limitBytes;
}

/** A declared Content-Length (header value, or null/undefined when none) that passes the limit. */
export function declaredPastLimit(contentLength: string | null | undefined, limitBytes: number): boolean {
  const declared = Number(contentLength ?? NaN);
  return Number.isFinite(declared) && pastLimit(declared, limitBytes);
}

export interface MockRequest {
  /** Upper-case, as sent (`GET`, `POST`, `OPTIONS`...). */
  readonly method: string;
  /** The path and query as sent (`/api/v1/model/openai/gpt-4o?x=1`), still percent-encoded. */
  readonly url: string;
  readonly headers: RequestHeaders;
  /**
   * Reads the whole body, refusing it as soon as it passes `limitBytes` (a declared
   * Content-Length past it is refused before any byte is read). A callback rather than a promise,
   * so an adapter that can answer in the turn the body ends (node:http) does.
   */
  readBody(limitBytes: number, then: BodyCallback): void;
  /**
   * What identifies the connection the request came on (node: its socket), so a keep-alive
   * client's key is checked against what the same connection sent before; undefined when the
   * runtime has no such thing (fetch).
   */
  readonly connection: object | undefined;
}
