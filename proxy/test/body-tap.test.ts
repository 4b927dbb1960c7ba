import { gzipSync } from 'node:zlib';
import { createBodyTap } from '../body-tap';

describe('createBodyTap', () => {
  it('stamps each event of a stream with the arrival of the chunk that completed it, though it parses only when read', async () => {
    let now = 0;
    const tap = createBodyTap(undefined, true, () => now);
    now = 5;
    // An event split across chunks, and a character split across them too (é is two bytes).
    const bytes = Buffer.from('data: {"a":"é"}\n\ndata: [DONE]\n\n', 'utf8');
    const split = bytes.indexOf(0xc3) + 1;
    tap.feed(bytes.subarray(0, split));
    now = 40;
    tap.feed(bytes.subarray(split));
    now = 90;
    const body = (await tap.end()).read();
    now = 500;
    expect(body.stream?.events.map((e) => [e.data, e.atMs])).toEqual([
      ['{"a":"é"}', 40],
      ['[DONE]', 40],
    ]);
    expect(body.text).toBe(bytes.toString('utf8'));
  });

  it('reads a stream whose byte order mark comes split over chunks as a client does: without it', async () => {
    const tap = createBodyTap(undefined, true, () => 0);
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('data: {"n":1}\n\n')]);
    tap.feed(bytes.subarray(0, 1));
    tap.feed(bytes.subarray(1, 5));
    tap.feed(bytes.subarray(5));
    const body = (await tap.end()).read();
    expect(body.stream?.events.map((e) => e.json)).toEqual([{ n: 1 }]);
    expect(body.text).toBe('data: {"n":1}\n\n');
  });

  it("keeps a copy of a stream's bytes, not views of the buffers the chunks came in", async () => {
    const tap = createBodyTap(undefined, true, () => 0);
    const pool = Buffer.alloc(64 * 1024, 0x20);
    pool.write('data: {"n":2}\n\n', 1000);
    tap.feed(pool.subarray(1000, 1015));
    pool.fill(0x20);
    const body = (await tap.end()).read();
    // Read as it was relayed, whatever becomes of the buffer it came in (a kept view would also keep all 64 KiB).
    expect(body.stream?.events.map((e) => e.json)).toEqual([{ n: 2 }]);
  });

  it('stamps an event left without its blank line with the end of the body', async () => {
    let now = 0;
    const tap = createBodyTap(undefined, true, () => now);
    tap.feed(Buffer.from('data: [DONE]'));
    now = 70;
    const body = (await tap.end()).read();
    now = 300;
    expect(body.stream?.events).toEqual([]);
    expect(body.stream?.unterminated?.atMs).toBe(70);
  });

  it('decodes a gzip stream before reading its events', async () => {
    const tap = createBodyTap('gzip', true, () => 0);
    tap.feed(gzipSync('data: {"n":1}\n\n'));
    const body = (await tap.end()).read();
    expect(body.stream?.events.map((e) => e.json)).toEqual([{ n: 1 }]);
    expect(body.unreadable).toBeUndefined();
  });

  it('parses a stream each time it is read, keeping nothing of the parse on the body it keeps', async () => {
    const tap = createBodyTap(undefined, true, () => 7);
    tap.feed(Buffer.from('data: {"n":1}\n\ndata: [DONE]\n\n'));
    const kept = await tap.end();
    const first = kept.read();
    const second = kept.read();
    expect(second).toEqual(first);
    expect(second.stream).not.toBe(first.stream);
    expect(Object.keys(kept)).toEqual(['read']);
  });

  it('keeps a JSON body as its text', async () => {
    const tap = createBodyTap(undefined, false, () => 0);
    tap.feed(Buffer.from('{"ok":'));
    tap.feed(Buffer.from('true}'));
    const body = (await tap.end()).read();
    expect(body).toEqual({ text: '{"ok":true}' });
  });
});
