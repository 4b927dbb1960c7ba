import { hashKey } from '../../../src/core/fixture-model/hash-key';
import { portableSha256 } from '../../../src/exchange/util/sha256';
import { nodeSha256 } from '../../../src/runtimes/node/node-sha256';

// FIPS 180-2 test vectors, and texts with multi-byte UTF-8 (keys are hashed as UTF-8 bytes).
const CASES: ReadonlyArray<readonly [string, string]> = [
  ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
  ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
  [
    'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
    '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
  ],
];

describe('hashKey (UnassignKeysRequest.key_hashes: lowercase hex SHA-256)', () => {
  it.each(CASES)('hashes %j to the standard digest with the portable and the node SHA-256', (text, want) => {
    expect(hashKey(text)).toBe(want);
    expect(hashKey(text, portableSha256)).toBe(want);
    expect(hashKey(text, nodeSha256)).toBe(want);
  });

  it('gives the same hash from both SHA-256s for keys with multi-byte characters', () => {
    for (const key of ['sk-ключ', 'sk-🔑-key', 'sk-\u00e9t\u00e9', 'x'.repeat(1_000)]) {
      expect(hashKey(key, portableSha256)).toBe(hashKey(key, nodeSha256));
      expect(hashKey(key)).toMatch(/^[0-9a-f]{64}$/);
    }
  });
});
