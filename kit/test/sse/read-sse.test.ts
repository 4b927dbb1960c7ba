import { createSseReader, readSse } from '../../sse/read-sse';

describe('readSse', () => {
  it('reads data events, JSON and [DONE], and keeps comments', () => {
    const stream = readSse(': keep-alive\n\ndata: {"type":"a"}\n\ndata: [DONE]\n\n');
    expect(stream.events.map((e) => e.json ?? e.data)).toEqual([{ type: 'a' }, '[DONE]']);
    expect([stream.comments, stream.sawDone, stream.afterDone]).toEqual([['keep-alive'], true, 0]);
  });

  it('joins multi-line data and keeps the event name', () => {
    const [event] = readSse('event: note\ndata: one\ndata: two\n\n').events;
    expect(event).toMatchObject({ event: 'note', data: 'one\ntwo', jsonError: 'data is not JSON' });
  });

  it('lists the lines a client rejects', () => {
    expect(readSse('data: {}\n\nbogus line\n\nretry: soon\n\n').malformed).toEqual(['bogus line', 'retry: soon']);
  });

  it('counts events after [DONE]', () => {
    expect(readSse('data: [DONE]\n\ndata: {}\n\n').afterDone).toBe(1);
  });

  it.each([
    ['no newline at all', 'data: {}\n\ndata: [DONE]'],
    ['one newline', 'data: {}\n\ndata: [DONE]\n'],
  ])('keeps a last event that lacks its blank line (%s) out of the events, as clients do', (_name, text) => {
    const stream = readSse(text);
    expect(stream.events.map((e) => e.data)).toEqual(['{}']);
    expect(stream.sawDone).toBe(false);
    expect(stream.unterminated?.data).toBe('[DONE]');
  });

  it('has no unterminated event when the stream ends with its blank line', () => {
    expect(readSse('data: [DONE]\n\n').unterminated).toBeUndefined();
  });

  it.each([
    ['CRLF', '\r\n'],
    ['CR', '\r'],
  ])('reads a stream whose lines end with %s to its last event', (_name, eol) => {
    const stream = readSse(['data: {}', '', 'data: [DONE]', '', ''].join(eol));
    expect(stream.events.map((e) => e.data)).toEqual(['{}', '[DONE]']);
    expect([stream.sawDone, stream.unterminated]).toEqual([true, undefined]);
  });

  it('still finds the last event without its blank line when lines end with CR', () => {
    expect(readSse('data: {}\r\rdata: [DONE]\r').unterminated?.data).toBe('[DONE]');
  });
});

describe('createSseReader', () => {
  it('reads events split across chunks anywhere, and stamps each with the clock', () => {
    const text = 'data: {"n":1}\r\n\r\n: hi\n\ndata: {"n":2}\n\ndata: [DONE]\n\n';
    let now = 0;
    const reader = createSseReader(() => now);
    for (let i = 0; i < text.length; i += 3) {
      now = i;
      reader.feed(text.slice(i, i + 3));
    }
    const stream = reader.end();
    expect(stream.events.map((e) => e.json ?? e.data)).toEqual([{ n: 1 }, { n: 2 }, '[DONE]']);
    expect(stream.events.map((e) => e.atMs)).toEqual([...stream.events.map((e) => e.atMs)].sort((a, b) => a - b));
    expect(stream.events[0]?.atMs).toBeGreaterThan(0);
    expect([reader.count, reader.sawDone]).toEqual([3, true]);
  });

  it("counts as it reads, with getters every reader shares rather than closures of each one's own", () => {
    const reader = createSseReader();
    expect([reader.count, reader.sawDone]).toEqual([0, false]);
    reader.feed('data: {"n":1}\n\ndata: [DONE]\n\n');
    expect([reader.count, reader.sawDone]).toEqual([2, true]);
    // A getter of the object's own would be a closure V8 keeps in the object's map, in the old
    // generation, with every event it reaches (read-sse.ts, StreamReader).
    expect(Object.getOwnPropertyDescriptor(reader, 'count')).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(reader, 'sawDone')).toBeUndefined();
    expect(Object.getPrototypeOf(reader)).toBe(Object.getPrototypeOf(createSseReader()));
  });
});
