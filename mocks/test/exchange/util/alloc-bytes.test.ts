import { allocBytes } from '../../../src/exchange/util/alloc-bytes';

describe('allocBytes', () => {
  it('gives node Buffer slices of the size asked, under node', () => {
    const bytes = allocBytes(300);
    expect(Buffer.isBuffer(bytes)).toBe(true);
    expect(bytes.length).toBe(300);
    expect(allocBytes(0).length).toBe(0);
  });

  it('gives a plain, zeroed Uint8Array where there is no Buffer (a browser, a worker)', () => {
    const saved = globalThis.Buffer;
    let fallback: typeof allocBytes | undefined;
    jest.isolateModules(() => {
      Reflect.deleteProperty(globalThis, 'Buffer');
      try {
        fallback = (jest.requireActual('../../../src/exchange/util/alloc-bytes') as { allocBytes: typeof allocBytes })
          .allocBytes;
      } finally {
        globalThis.Buffer = saved;
      }
    });
    const bytes = fallback?.(5);
    expect(bytes?.constructor).toBe(Uint8Array);
    expect(bytes).toEqual(new Uint8Array(5));
  });
});
