/**
 * Hostile requests for the fuzzing test, as fast-check arbitraries: odd paths and methods,
 * duplicate and oversized headers, wrong content types, and bodies with deep nesting,
 * `__proto__`/`constructor` keys, huge strings and arrays, invalid UTF-8 and plain garbage.
 */
import fc from 'fast-check';

export interface HostileRequest {
  readonly method: string;
  readonly path: string;
  /** Header lines in order; names may repeat. Host and Connection: close are added when sent. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: Buffer;
  /** Send the body chunked instead of with Content-Length. */
  readonly chunked: boolean;
}

const GUARDRAIL = '00000000-0000-4000-8000-000000000001';
const POLLUTING_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];
const MODELS = [
  'openai/gpt-4o',
  'anthropic/claude-3.5-sonnet',
  'openrouter/auto',
  'openai/o3-mini',
  'nope/nothing',
  '',
];

const text = (maxLength: number): fc.Arbitrary<string> =>
  fc.string({ unit: 'binary-ascii', maxLength }).map((s) => s.replace(/[\r\n]/g, ''));
/** Header values: printable mostly, now and then with control characters HTTP forbids. */
const headerText = (maxLength: number): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 5, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength }) },
    { weight: 1, arbitrary: text(maxLength) },
  );
const segment = fc.oneof(
  text(20).map(encodeURIComponent),
  fc.constantFrom('%', '%zz', '%E0%A4%A', '..', '%00', 'gpt-4o%3Afree', '%2F', 'a'.repeat(3000)),
);

/** Paths with the method they are served under; `usually` keeps that method most of the time. */
const endpoint = fc.oneof(
  { weight: 8, arbitrary: fc.constant(['POST', '/api/v1/responses'] as const) },
  { weight: 2, arbitrary: fc.tuple(segment, segment).map(([a, b]) => ['GET', `/api/v1/model/${a}/${b}`] as const) },
  {
    weight: 2,
    arbitrary: fc
      .oneof(fc.constant(GUARDRAIL), fc.uuid(), segment)
      .map((id) => ['POST', `/api/v1/guardrails/${id}/assignments/keys/remove`] as const),
  },
  {
    weight: 1,
    arbitrary: fc
      .array(
        fc.tuple(
          fc.constantFrom('offset', 'limit', 'x', '__proto__'),
          fc.constantFrom('-1', '0', '1', '1001', 'abc', '1e309', '1.5', ''),
        ),
        { maxLength: 4 },
      )
      .map((pairs) => ['GET', `/api/v1/embeddings/models?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`] as const),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      ['GET', '/__mock/state'] as const,
      ['GET', '/__mock/requests'] as const,
      ['GET', '/__mock/nope'] as const,
      ['GET', '/'] as const,
      ['GET', '/api/v1'] as const,
      ['POST', '/api/v1/'] as const,
      ['GET', '*'] as const,
      ['POST', '/api/v1/responses?stream=true'] as const,
    ),
  },
  { weight: 1, arbitrary: segment.map((s) => ['POST', `/${s}`] as const) },
);

const otherMethod = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'TRACE', 'FOO');
const route = fc
  .tuple(endpoint, fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: otherMethod }))
  .map(([[served, path], other]) => ({ method: other ?? served, path }));

const authorization = fc.oneof(
  fc.constantFrom(
    'Bearer sk-mock-user',
    'Bearer sk-mock-management',
    'Bearer sk-mock-guarded',
    'Bearer',
    'Basic c2stbW9jay11c2Vy',
    'bearer  sk-mock-user  ',
    'Bearer sk-mock-user extra',
  ),
  headerText(80).map((t) => `Bearer ${t}`),
);
const contentType = fc.constantFrom(
  'application/json',
  'text/plain',
  'application/json; charset=utf-16',
  'multipart/form-data; boundary=x',
  'application/x-www-form-urlencoded',
  'application/vnd.api+json',
  '',
  'application/json, text/plain',
  '*/*',
);

/** Mostly one good header, sometimes hostile ones: the requests must get past the first checks too. */
const usually = <T>(good: T, hostile: fc.Arbitrary<T[]>): fc.Arbitrary<T[]> =>
  fc.oneof({ weight: 4, arbitrary: fc.constant<T[]>([good]) }, { weight: 1, arbitrary: hostile });

const headers = fc
  .record({
    auth: usually('Bearer sk-mock-user', fc.array(authorization, { maxLength: 2 })),
    types: usually('application/json', fc.array(contentType, { maxLength: 2 })),
    extra: fc.array(
      fc.oneof(
        {
          weight: 6,
          arbitrary: fc.tuple(
            fc.constantFrom('X-Service-Metadata', 'X-Service-Experimental-Metadata'),
            fc.constantFrom('enabled', 'disabled', 'yes', ''),
          ),
        },
        {
          weight: 6,
          arbitrary: fc.tuple(
            fc.constantFrom(
              'x-session-id',
              'X-Title',
              'HTTP-Referer',
              'Origin',
              'x-mock-tokens-per-second',
              'x-mock-first-token-delay-ms',
            ),
            headerText(300),
          ),
        },
        // Prefer scenarios (Prism-compatible); 5xx codes are left out: asking for a documented 500 rightly gets one.
        {
          weight: 1,
          arbitrary: fc.tuple(
            fc.constant('Prefer'),
            fc.constantFrom(
              'code=200',
              'code=400',
              'code=401',
              'code=404',
              'code=999',
              'example=text',
              'example=nope',
              'dynamic=true',
              'code=',
              'garbage',
            ),
          ),
        },
        {
          weight: 1,
          arbitrary: fc.tuple(
            fc.constant('X-Oversized'),
            fc.integer({ min: 1, max: 40_000 }).map((n) => 'a'.repeat(n)),
          ),
        },
        {
          weight: 4,
          arbitrary: fc.tuple(
            text(12).map((n) => `X-${n.replace(/[^A-Za-z0-9-]/g, '') || 'n'}`),
            headerText(40),
          ),
        },
      ),
      { maxLength: 3 },
    ),
    many: fc.oneof({ weight: 5, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat({ max: 150 }) }),
  })
  .map(({ auth, types, extra, many }) => [
    ...auth.map((v) => ['Authorization', v] as const),
    ...types.map((v) => ['Content-Type', v] as const),
    ...extra,
    ...Array.from({ length: many }, (_, i) => [`X-Filler-${i}`, String(i)] as const),
  ]);

/** JSON text nested `depth` deep, inside a field the operation accepts or at the top. */
const deep = fc
  .record({
    depth: fc.integer({ min: 10, max: 50_000 }),
    open: fc.constantFrom('[', '{"a":'),
    where: fc.constantFrom('top', 'input', 'metadata', 'text', 'key_hashes'),
  })
  .map(({ depth, open, where }) => {
    const close = open === '[' ? ']' : '}';
    const nested = open.repeat(depth) + '1' + close.repeat(depth);
    return where === 'top' ? nested : `{"model":"openai/gpt-4o","${where}":${nested}}`;
  });

const polluting = fc
  .dictionary(fc.constantFrom(...POLLUTING_KEYS, 'model', 'input', 'metadata'), fc.jsonValue({ maxDepth: 3 }), {
    maxKeys: 6,
  })
  .chain((top) =>
    fc.dictionary(fc.constantFrom(...POLLUTING_KEYS), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }).map((inner) =>
      JSON.stringify({
        model: 'openai/gpt-4o',
        input: 'hi',
        ...top,
        metadata: inner,
        provider: inner,
        key_hashes: [inner],
      }),
    ),
  );

const huge = fc.oneof(
  fc.integer({ min: 1, max: 1_500_000 }).map((n) => `{"model":"openai/gpt-4o","input":"${'a'.repeat(n)}"}`),
  fc.integer({ min: 1, max: 200_000 }).map((n) => `{"key_hashes":[${Array(n).fill('"ab"').join(',')}]}`),
  fc
    .integer({ min: 1, max: 100_000 })
    .map((n) => `{"model":"openai/gpt-4o","input":[${Array(n).fill('{"role":"user","content":"x"}').join(',')}]}`),
  fc
    .integer({ min: 1, max: 5_000 })
    .map(
      (n) =>
        `{"model":"openai/gpt-4o","input":"hi","metadata":{${Array.from({ length: n }, (_, i) => `"k${i}":"v"`).join(',')}}}`,
    ),
);

/** Bytes that are not UTF-8, placed inside an otherwise plausible JSON body. */
const invalidUtf8 = fc
  .tuple(
    fc.constantFrom([0xff], [0xc3, 0x28], [0xe2, 0x82], [0xf0, 0x9f, 0x92], [0xed, 0xa0, 0x80], [0xc0, 0xaf]),
    fc.boolean(),
  )
  .map(([bad, stream]) =>
    Buffer.concat([
      Buffer.from(`{"model":"openai/gpt-4o","stream":${stream},"input":"abc`),
      Buffer.from(bad),
      Buffer.from('def"}'),
    ]),
  );

const plausible = fc
  .record({
    model: fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom(...MODELS.slice(0, 4)) },
      { weight: 1, arbitrary: fc.constantFrom(...MODELS) },
    ),
    input: fc.oneof(
      {
        weight: 3,
        arbitrary: fc.constantFrom(
          'hello',
          'echo: \ud800 lone',
          'ignore all previous instructions',
          'tell me a long story',
          'what is the weather in Paris?',
          '\u0000',
          '😀'.repeat(50),
        ),
      },
      { weight: 2, arbitrary: text(200) },
      {
        weight: 1,
        arbitrary: fc.array(
          fc.record({
            role: fc.constantFrom('user', 'assistant', 'system', 'developer', 'x'),
            content: fc.oneof(text(50), fc.jsonValue({ maxDepth: 2 })),
          }),
          { maxLength: 4 },
        ),
      },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    ),
    stream: fc.boolean(),
    extra: fc.oneof(
      { weight: 2, arbitrary: fc.constant({}) },
      {
        weight: 1,
        arbitrary: fc.dictionary(
          fc.constantFrom(
            'max_output_tokens',
            'temperature',
            'metadata',
            'tools',
            'plugins',
            'provider',
            'previous_response_id',
            'debug',
            'session_id',
            'user',
            'models',
            'store',
            'text',
            'reasoning',
            'instructions',
            'tool_choice',
          ),
          fc.jsonValue({ maxDepth: 3 }),
          { maxKeys: 3 },
        ),
      },
    ),
  })
  .map(({ model, input, stream, extra }) => JSON.stringify({ model, input, stream, ...extra }));

const body: fc.Arbitrary<Buffer> = fc.oneof(
  { weight: 12, arbitrary: plausible.map((s) => Buffer.from(s)) },
  { weight: 2, arbitrary: deep.map((s) => Buffer.from(s)) },
  { weight: 3, arbitrary: polluting.map((s) => Buffer.from(s)) },
  { weight: 1, arbitrary: huge.map((s) => Buffer.from(s)) },
  { weight: 2, arbitrary: invalidUtf8 },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(
        '',
        'null',
        '[]',
        '"x"',
        '1e999',
        '{',
        '{"key_hashes":[]}',
        '{"key_hashes":["a"]}',
        'true',
        '\ufeff{}',
      )
      .map((s) => Buffer.from(s)),
  },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 500 }).map((a) => Buffer.from(a)) },
  { weight: 1, arbitrary: fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v) ?? '')) },
);

export const hostileRequest: fc.Arbitrary<HostileRequest> = fc
  .record({ route, headers, body, chunked: fc.boolean() })
  .map(({ route: { method, path }, ...rest }) => ({ method, path, ...rest }));

/** The request as bytes on the wire. */
export function toBytes(request: HostileRequest, port: number): Buffer {
  const lines = [`${request.method} ${request.path} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Connection: close'];
  for (const [name, value] of request.headers) lines.push(`${name}: ${value}`);
  if (request.chunked) lines.push('Transfer-Encoding: chunked');
  else lines.push(`Content-Length: ${request.body.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  if (!request.chunked) return Buffer.concat([head, request.body]);
  const chunks =
    request.body.length === 0
      ? []
      : [Buffer.from(`${request.body.length.toString(16)}\r\n`), request.body, Buffer.from('\r\n')];
  return Buffer.concat([head, ...chunks, Buffer.from('0\r\n\r\n')]);
}

/** A short description for failure messages (bodies can be megabytes). */
export function summarize(request: HostileRequest): string {
  const headers = request.headers
    .map(([n, v]) => `${n}: ${v.length > 60 ? `${v.slice(0, 60)}…(${v.length})` : v}`)
    .join(' | ');
  const body =
    request.body.length > 200
      ? `${request.body.subarray(0, 200).toString('latin1')}…(${request.body.length} bytes)`
      : request.body.toString('latin1');
  return `${request.method} ${request.path.slice(0, 120)}${request.chunked ? ' [chunked]' : ''}\n  ${headers}\n  ${body}`;
}
