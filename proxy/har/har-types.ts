/**
 * The parts of HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/) the kit reads and writes.
 * Browsers, Playwright's `recordHar`, Redocly's proxy and this proxy's `--har` all write this shape;
 * members starting with `_` are a writer's own (Chrome's `_error`, this proxy's `_transportError`).
 */
export interface HarHeader {
  readonly name: string;
  readonly value: string;
}

export interface HarPostData {
  readonly mimeType: string;
  readonly text?: string;
  /** Ours and Playwright's: `base64` when `text` holds bytes that are not UTF-8 text. */
  readonly encoding?: string;
}

export interface HarContent {
  readonly size: number;
  readonly mimeType: string;
  readonly text?: string;
  readonly encoding?: string;
}

export interface HarRequest {
  readonly method: string;
  readonly url: string;
  readonly httpVersion: string;
  readonly headers: readonly HarHeader[];
  readonly queryString: readonly HarHeader[];
  readonly cookies: readonly unknown[];
  readonly headersSize: number;
  readonly bodySize: number;
  readonly postData?: HarPostData;
}

export interface HarResponse {
  /** 0 when no answer came (a browser's failed request). */
  readonly status: number;
  readonly statusText: string;
  readonly httpVersion: string;
  readonly headers: readonly HarHeader[];
  readonly cookies: readonly unknown[];
  readonly content: HarContent;
  readonly redirectURL: string;
  readonly headersSize: number;
  readonly bodySize: number;
}

export interface HarEntry {
  readonly startedDateTime: string;
  /** The whole exchange, in ms. */
  readonly time: number;
  readonly request: HarRequest;
  readonly response: HarResponse;
  readonly cache: Record<string, never>;
  readonly timings: { readonly send: number; readonly wait: number; readonly receive: number };
  /** Why the answer is missing or was broken off (this proxy's member). */
  readonly _transportError?: string;
  /** Chrome DevTools' member for a request that failed. */
  readonly _error?: string;
}

/** HAR's `log.creator`: this kit, as the writer of a `--har` file. */
export const HAR_CREATOR = { name: 'model-gateway-mock', version: '1' } as const;
