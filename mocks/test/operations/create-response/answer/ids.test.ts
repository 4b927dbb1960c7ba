import { responseIds } from '../../../../src/operations/create-response/answer/ids';
import { portableSha256 } from '../../../../src/exchange/util/sha256';
import { nodeSha256 } from '../../../../src/runtimes/node/node-sha256';
import { hashKey } from '../../../../src/core/fixture-model/hash-key';

const GENERATION = 'gen-1795247779-9MkU9rb4iF7vj6tOGChz';
const FIRST_ITEM = 'msg_FT1S6A3NGKXQnvzYq7cpwY2w';

/** A counter like the store's: 0, 1, 2... */
function counter(): { nextResponseNumber(): number } {
  let n = 0;
  return { nextResponseNumber: () => n++ };
}

describe('response ids', () => {
  it('are the same for the same response number, in the public formats, in every runtime', () => {
    const first = responseIds(counter(), 1_795_247_779);
    // Pinned: integer arithmetic only, so node, browsers and workers all give these.
    expect(first.generation).toBe(GENERATION);
    expect(first.item('msg')).toBe(FIRST_ITEM);
    expect(first.item('msg')).toMatch(/^msg_[A-Za-z0-9]{24}$/);
    expect(responseIds(counter(), 1_795_247_779).generation).toBe(first.generation);
  });

  it('differ between responses and between the items of one response', () => {
    const store = counter();
    const a = responseIds(store, 1_700_000_000);
    const b = responseIds(store, 1_700_000_000);
    expect(a.generation).not.toBe(b.generation);
    expect(new Set([a.item('fc'), a.item('fc'), b.item('fc')]).size).toBe(3);
  });

  it('never repeat over many responses and items, and use the whole alphabet', () => {
    const store = counter();
    const seen = new Set<string>();
    const characters = new Set<string>();
    for (let i = 0; i < 20_000; i++) {
      const ids = responseIds(store, 1_700_000_000);
      for (const id of [ids.generation.slice(-20), ids.item('msg').slice(4), ids.item('msg').slice(4)]) {
        seen.add(id);
        for (const c of id) characters.add(c);
      }
    }
    expect(seen.size).toBe(60_000);
    expect(characters.size).toBe(62);
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
