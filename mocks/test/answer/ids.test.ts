import { responseIds } from '../../src/answer/ids';
import type { Sha256 } from '../../src/hash/sha256';
import { portableSha256 } from '../../src/hash/sha256';
import { nodeSha256 } from '../../src/node/node-sha256';
import { hashKey } from '../../src/fixtures/hash-key';

/** A counter like the store's: 0, 1, 2... */
function counter(sha256: Sha256 = portableSha256): { nextResponseNumber(): number; sha256: Sha256 } {
  let n = 0;
  return { nextResponseNumber: () => n++, sha256 };
}

describe('response ids', () => {
  it.each([
    ['the portable SHA-256 (browsers, workers)', portableSha256],
    ["node:crypto's SHA-256 (the node adapter)", nodeSha256],
  ])('are the same for the same response number, in the public formats, with %s', (_name, sha256) => {
    const first = responseIds(counter(sha256), 1_795_247_779);
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

describe('key hashes', () => {
  it.each([
    ['the portable SHA-256', portableSha256],
    ["node:crypto's SHA-256", nodeSha256],
  ])('are the lowercase hex SHA-256 of the key with %s', (_name, sha256) => {
    expect(hashKey('sk-mock-user', sha256)).toBe('6feb473d5fdd8bb39173f7bb3ac7a9e40f344e478e6a95ec993719ea5bc02832');
  });
});
