import { BYTE_STRING_MAX_BYTES, fromByteString, toByteString } from '../../../src/exchange/util/byte-string';

describe('byte strings', () => {
  it('gives one character per byte, with the byte as its code', () => {
    expect(toByteString(Uint8Array.of(0x7b, 0x00, 0x80, 0xff))).toBe('{\u0000\u0080\u00ff');
  });

  it.each([
    ['no bytes', new Uint8Array(0)],
    ['every byte value', Uint8Array.from({ length: 256 }, (_, i) => i)],
    ['UTF-8 beyond ASCII', new TextEncoder().encode('{"input":"héllo 世界 😀"}')],
    ['the longest made in one call', Uint8Array.from({ length: BYTE_STRING_MAX_BYTES }, (_, i) => (i * 7) % 256)],
  ])('turns back into the same bytes: %s', (_name, bytes) => {
    expect(fromByteString(toByteString(bytes))).toEqual(bytes);
  });

  it('gives the same string for a node Buffer (decoded by node) as for a plain Uint8Array of its bytes', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => 255 - i);
    const pooled = Buffer.from(bytes); // a slice of node's pool, at an offset of its own
    expect(toByteString(pooled)).toBe(toByteString(bytes));
    expect(toByteString(pooled.subarray(10, 20))).toBe(toByteString(bytes.subarray(10, 20)));
    expect(toByteString(Buffer.alloc(0))).toBe('');
  });
});
