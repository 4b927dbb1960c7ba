/**
 * A HAR as a browser's DevTools exports it (Chrome's shape: HTTP/2 pseudo-headers, `_initiator`,
 * `_resourceType`, `serverIPAddress`, `pages`, the full timings, two-space indentation), written
 * by the tests rather than the kit: the exchanges are real fetches to `baseUrl`, plus what a page's
 * traffic also holds: a script from a CDN, the app's own page and a CORS preflight.
 */
export async function browserHar(baseUrl: string, key: string): Promise<string> {
  const origin = new URL(baseUrl).origin;
  const entries: unknown[] = [];
  const call = async (method: string, url: string, headers: Record<string, string>, body?: string): Promise<void> => {
    const started = Date.now();
    const answer = await fetch(url, { method, headers, ...(body === undefined ? {} : { body }) });
    const text = await answer.text();
    entries.push(entry(started, Date.now() - started, method, url, headers, body, answer.status, answer.headers, text));
  };
  const auth = { authorization: `Bearer ${key}`, accept: 'application/json' };
  await call('GET', `${baseUrl}/model/openai/gpt-4o`, auth);
  await call(
    'POST',
    `${baseUrl}/responses`,
    { ...auth, 'content-type': 'application/json' },
    JSON.stringify({ model: 'openai/gpt-4o', input: 'Hello', stream: true }),
  );
  await call('GET', `${baseUrl}/embeddings/models`, auth);
  await call('OPTIONS', `${baseUrl}/responses`, {
    origin: 'http://app.example',
    'access-control-request-method': 'POST',
    'access-control-request-headers': 'authorization, content-type',
  });
  await call('GET', `${origin}/`, { accept: 'text/html' });
  entries.push(
    entry(
      Date.now(),
      3,
      'GET',
      'https://cdn.example/app.js',
      {},
      undefined,
      200,
      new Headers({ 'content-type': 'text/javascript' }),
      'void 0',
    ),
  );
  const har = {
    log: {
      version: '1.2',
      creator: { name: 'WebInspector', version: '537.36' },
      pages: [
        {
          startedDateTime: new Date().toISOString(),
          id: 'page_1',
          title: 'http://app.example/',
          pageTimings: { onContentLoad: 120, onLoad: 180 },
        },
      ],
      entries,
    },
  };
  return JSON.stringify(har, null, 2);
}

function entry(
  started: number,
  time: number,
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string | undefined,
  status: number,
  answerHeaders: Headers,
  text: string,
): unknown {
  const target = new URL(url);
  const pseudo = [
    { name: ':authority', value: target.host },
    { name: ':method', value: method },
    { name: ':path', value: `${target.pathname}${target.search}` },
    { name: ':scheme', value: target.protocol.slice(0, -1) },
  ];
  const mimeType = answerHeaders.get('content-type') ?? 'x-unknown';
  return {
    _initiator: { type: 'script' },
    _priority: 'High',
    _resourceType: method === 'OPTIONS' ? 'preflight' : 'fetch',
    cache: {},
    connection: '443',
    pageref: 'page_1',
    request: {
      method,
      url,
      httpVersion: 'http/2.0',
      headers: [...pseudo, ...Object.entries(headers).map(([name, value]) => ({ name, value }))],
      queryString: [...target.searchParams].map(([name, value]) => ({ name, value })),
      cookies: [],
      headersSize: -1,
      bodySize: body?.length ?? 0,
      ...(body === undefined ? {} : { postData: { mimeType: headers['content-type'] ?? '', text: body } }),
    },
    response: {
      status,
      statusText: '',
      httpVersion: 'http/2.0',
      headers: [...answerHeaders].map(([name, value]) => ({ name, value })),
      cookies: [],
      content: { size: text.length, mimeType, compression: 0, text },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
      _transferSize: text.length + 200,
      _error: null,
    },
    serverIPAddress: '127.0.0.1',
    startedDateTime: new Date(started).toISOString(),
    time,
    timings: {
      blocked: 0.4,
      dns: -1,
      ssl: -1,
      connect: -1,
      send: 0.1,
      wait: time,
      receive: 0.2,
      _blocked_queueing: 0.3,
    },
  };
}
