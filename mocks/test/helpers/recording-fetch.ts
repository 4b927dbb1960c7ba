/** A request a client library sent, as the recording fetch saw it. */
export interface SentRequest {
  readonly method: string;
  readonly url: string;
  /** The JSON body, parsed; undefined for requests without one. */
  readonly body: Record<string, unknown> | undefined;
}

export interface RecordingFetch {
  /** Pass to the client library (`createOpenAI({ fetch })`, `new OpenAI({ fetch })`, LangChain `configuration.fetch`). */
  readonly fetch: typeof fetch;
  /** Every request sent through `fetch`, in order; retries included. */
  readonly sent: SentRequest[];
  /** The bodies of the POST /responses requests sent. */
  responses(): Array<Record<string, unknown>>;
}

/**
 * The global fetch, recording what a client library sends through it: how many requests an agent
 * loop or a retry policy makes, and the request shapes (the input items of a tool round trip).
 */
export function recordingFetch(): RecordingFetch {
  const sent: SentRequest[] = [];
  const record = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const text = request.body === null ? '' : await request.clone().text();
    sent.push({
      method: request.method,
      url: request.url,
      body: text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>),
    });
    return fetch(request);
  };
  return {
    fetch: record as typeof fetch,
    sent,
    responses: () => sent.filter((r) => r.method === 'POST' && r.url.endsWith('/responses')).map((r) => r.body ?? {}),
  };
}
