import { responseIds } from '../../src/answer/ids';

/** A counter like the store's: 0, 1, 2... */
function counter(): { nextResponseNumber(): number } {
  let n = 0;
  return { nextResponseNumber: () => n++ };
}

describe('response ids', () => {
  it('are the same for the same response number, in the public formats', () => {
    const first = responseIds(counter(), 1_795_247_779);
    // Pinned: clients and recorded fixtures may rely on the ids a fresh mock gives.
    expect(first.generation).toBe('gen-1795247779-hyxoHOx4fU6uvru7IhI5');
    expect(first.item('msg')).toBe('msg_w02OasYHUM511UDHNSOPQhxe');
    expect(first.item('msg')).toMatch(/^msg_[A-Za-z0-9]{24}$/);
  });

  it('differ between responses and between the items of one response', () => {
    const store = counter();
    const a = responseIds(store, 1_700_000_000);
    const b = responseIds(store, 1_700_000_000);
    expect(a.generation).not.toBe(b.generation);
    expect(new Set([a.item('fc'), a.item('fc'), b.item('fc')]).size).toBe(3);
  });
});
