import type { RecordedRequest, RequestOutcome } from '../../../src/core/journal/request-journal';
import {
  JOURNAL_BODY_BYTES,
  journalBody,
  journalBodyOf,
  RequestJournal,
} from '../../../src/core/journal/request-journal';

function recorded(path: string, outcome: RequestOutcome = {}, incomplete = false, body?: string): RecordedRequest {
  return {
    atMs: Date.UTC(2026, 0, 1),
    method: 'POST',
    path,
    operationId: path === '/m' ? 'listEmbeddingsModels' : 'createResponse',
    status: 200,
    durationMs: 1,
    headers: { authorization: 'Bearer sk-secret', 'x-api-key': 'k', 'content-type': 'application/json' },
    body: body === undefined ? undefined : journalBodyOf(new TextEncoder().encode(body)),
    outcome,
    incomplete,
  };
}

describe('RequestJournal', () => {
  it('shows entries newest first, with keys redacted and the body parsed', () => {
    const journal = new RequestJournal(10);
    journal.add(recorded('/r', {}, false, '{"input":"hi"}'));
    journal.add(recorded('/m'));
    expect(journal.list()).toEqual([
      expect.objectContaining({ path: '/m', body: null }),
      expect.objectContaining({
        path: '/r',
        at: '2026-01-01T00:00:00.000Z',
        body: { input: 'hi' },
        headers: { authorization: '[redacted]', 'x-api-key': '[redacted]', 'content-type': 'application/json' },
      }),
    ]);
  });

  it('shows the secret values of the headers as redacted wherever the body or path quotes them, other headers as sent', () => {
    const journal = new RequestJournal(10);
    journal.add({
      ...recorded('/r?key=sk-secret', {}, false, '{"input":"my key is sk-secret, token tok-123456"}'),
      headers: { authorization: 'Bearer sk-secret', 'x-auth-token': 'tok-123456', 'x-portkey-provider': 'openai' },
    });
    expect(journal.list()[0]).toMatchObject({
      path: '/r?key=[redacted]',
      body: { input: 'my key is [redacted], token [redacted]' },
      headers: { authorization: '[redacted]', 'x-auth-token': '[redacted]', 'x-portkey-provider': 'openai' },
    });
  });

  it('keeps only the start of a body longer than JOURNAL_BODY_BYTES, with its whole size', () => {
    const journal = new RequestJournal(10);
    const long = `{"input":"${'x'.repeat(JOURNAL_BODY_BYTES * 2)}"}`;
    journal.add(recorded('/r', {}, false, long));
    journal.add(recorded('/r', {}, false, '{"input":"short"}'));
    const [short, truncated] = journal.list();
    expect(short).not.toHaveProperty('bodyBytes');
    expect(truncated?.bodyBytes).toBe(long.length);
    expect(truncated?.body).toBe(long.slice(0, JOURNAL_BODY_BYTES));
  });

  it.each([
    ['a short body beyond ASCII', new TextEncoder().encode('{"input":"héllo 世界 😀"}'), { input: 'héllo 世界 😀' }],
    ['a short body that is not UTF-8', Uint8Array.of(0x7b, 0xff, 0x7d), '{\ufffd}'],
    [
      'a body longer than a byte string',
      new TextEncoder().encode(`{"input":"${'é'.repeat(5_000)}"}`),
      { input: 'é'.repeat(5_000) },
    ],
  ])('shows %s as it was sent', (_name, bytes, shown) => {
    const journal = new RequestJournal(10);
    journal.add({ ...recorded('/r'), body: journalBodyOf(bytes) });
    expect(journal.list()[0]?.body).toEqual(shown);
  });

  it('shows each entry with its own path, headers and body when a request repeats the one before it or not', () => {
    const journal = new RequestJournal(10);
    const sent: Array<[string, Record<string, string>, string]> = [
      ['/r', { a: '1', b: '2' }, '{"input":"one"}'],
      ['/r', { a: '1', b: '2' }, '{"input":"one"}'],
      ['/r', { b: '2', a: '1' }, '{"input":"one"}'],
      ['/r', { a: '1', b: '2', c: '3' }, '{"input":"two"}'],
      ['/r', { a: '1', b: '2' }, '{"input":"two"}'],
      ['/m', { a: '1', b: 'x' }, '{"input":"two"}'],
      ['/m', { a: '1', b: 'x' }, '{"input":"two"}'],
    ];
    for (const [path, headers, body] of sent) journal.add({ ...recorded(path, {}, false, body), headers });
    const shown = journal.list().reverse();
    expect(shown.map((e) => [e.path, e.headers, e.body])).toEqual(
      sent.map(([path, headers, body]) => [path, headers, JSON.parse(body) as unknown]),
    );
    expect(shown.map((e) => Object.keys(e.headers).join())).toEqual(sent.map(([, h]) => Object.keys(h).join()));
  });

  it('filters by operation', () => {
    const journal = new RequestJournal(10);
    journal.add(recorded('/r'));
    journal.add(recorded('/m'));
    expect(journal.list({ operation: 'createResponse' }).map((e) => e.path)).toEqual(['/r']);
  });

  it('keeps the last `capacity` entries', () => {
    const journal = new RequestJournal(3);
    for (const path of ['/1', '/2', '/3', '/4', '/5']) journal.add(recorded(path));
    expect(journal.list().map((e) => e.path)).toEqual(['/5', '/4', '/3']);
  });

  it.each([
    ['completed', { streamed: true }, false, { stream: 'completed' }],
    ['aborted by the client', { streamed: true }, true, { stream: 'aborted', aborted: true }],
    ['cut by a scenario', { streamed: true, cut: true, scenario: 's' }, false, { stream: 'cut', scenario: 's' }],
    ['dropped by a scenario', { streamed: true, cut: true }, true, { stream: 'cut', aborted: true }],
  ])('says how a stream ended: %s', (_name, outcome, incomplete, shown) => {
    const journal = new RequestJournal(3);
    journal.add(recorded('/r', outcome, incomplete));
    expect(journal.list()[0]).toMatchObject(shown);
  });

  it('reads the outcome when the journal is read, so a stream that ends later shows its end', () => {
    const journal = new RequestJournal(3);
    const outcome: RequestOutcome = { streamed: true };
    journal.add(recorded('/r', outcome));
    outcome.cut = true;
    expect(journal.list()[0]?.stream).toBe('cut');
    const left: RequestOutcome = {};
    journal.add(recorded('/r', left, true));
    left.streamed = true;
    expect(journal.list()[0]).toMatchObject({ stream: 'aborted', aborted: true });
  });

  it('keeps its order, filter and contents as it wraps round, and after clear()', () => {
    const journal = new RequestJournal(4);
    const paths = Array.from({ length: 11 }, (_, i) => (i % 3 === 0 ? '/m' : `/r${i}`));
    for (const [i, path] of paths.entries()) journal.add({ ...recorded(path), status: 200 + i, durationMs: i / 4 });
    expect(journal.list().map((e) => [e.path, e.status, e.durationMs])).toEqual([
      ['/r10', 210, 2.5],
      ['/m', 209, 2.25],
      ['/r8', 208, 2],
      ['/r7', 207, 1.75],
    ]);
    expect(journal.list({ operation: 'listEmbeddingsModels' }).map((e) => e.status)).toEqual([209]);
    journal.clear();
    expect(journal.list()).toEqual([]);
    journal.add(recorded('/after'));
    expect(journal.list().map((e) => e.path)).toEqual(['/after']);
  });

  it('keeps a body that is not JSON as its text', () => {
    expect(journalBody('not json')).toBe('not json');
    expect(journalBody('')).toBeNull();
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(journalBody(deep)).toBe(deep);
    expect(() => JSON.stringify(journalBody(deep))).not.toThrow();
  });
});
