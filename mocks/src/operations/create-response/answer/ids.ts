const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Ids of one response, all derived from the store's response counter: deterministic, no randomness. */
export interface ResponseIds {
  /** `gen-<unix seconds>-<20 alphanumerics>`: the public gateway's form (ResponseResult.id examples). */
  readonly generation: string;
  /** A fresh item id with the given prefix (`msg`, `rs`, `fc`, `call`): `<prefix>_<24 alphanumerics>`. */
  item(prefix: string): string;
}

/** The store's counter keeps two mocks in one process apart and restarts on `POST /__mock/reset`. */
export function responseIds(store: { nextResponseNumber(): number }, createdAt: number): ResponseIds {
  const sequence = store.nextResponseNumber();
  let items = 0;
  return {
    generation: `gen-${createdAt}-${alphanumerics(`${sequence}`, 20)}`,
    item: (prefix) => `${prefix}_${alphanumerics(`${sequence}:${items++}`, 24)}`,
  };
}

/**
 * `length` characters of [A-Za-z0-9] drawn from `seed`: FNV-1a of the seed, then the finalizer
 * of MurmurHash3 over a counter, one round per character. Ids must look random and never repeat
 * within a run, not resist anyone: SHA-256 digests (one per id) were half of the mock's own work
 * on a POST /responses. Integer arithmetic only, so every runtime makes the same ids.
 */
function alphanumerics(seed: string, length: number): string {
  let state = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) state = Math.imul(state ^ seed.charCodeAt(i), 0x01000193);
  // Character codes joined in one call: appending one character at a time made a string object per character.
  const codes = new Array<number>(length);
  for (let i = 0; i < length; i++) {
    state = (state + 0x9e3779b9) | 0;
    let mixed = Math.imul(state ^ (state >>> 16), 0x85ebca6b);
    mixed = Math.imul(mixed ^ (mixed >>> 13), 0xc2b2ae35);
    codes[i] = ALPHABET.charCodeAt(((mixed ^ (mixed >>> 16)) >>> 0) % ALPHABET.length);
  }
  return String.fromCharCode.apply(null, codes);
}
