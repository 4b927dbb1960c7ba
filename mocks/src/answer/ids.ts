import type { Sha256 } from '../hash/sha256';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Ids of one response, all derived from the store's response counter: deterministic, no randomness. */
export interface ResponseIds {
  /** `gen-<unix seconds>-<20 alphanumerics>`: the public gateway's form (ResponseResult.id examples). */
  readonly generation: string;
  /** A fresh item id with the given prefix (`msg`, `rs`, `fc`, `call`): `<prefix>_<24 alphanumerics>`. */
  item(prefix: string): string;
}

/** The store's counter keeps two mocks in one process apart and restarts on `POST /__mock/reset`. */
export function responseIds(
  store: { nextResponseNumber(): number; readonly sha256: Sha256 },
  createdAt: number,
): ResponseIds {
  const sequence = store.nextResponseNumber();
  const { sha256 } = store;
  let items = 0;
  return {
    generation: `gen-${createdAt}-${alphanumerics(sha256, `${sequence}`, 20)}`,
    item: (prefix) => `${prefix}_${alphanumerics(sha256, `${sequence}:${items++}`, 24)}`,
  };
}

/** `length` (at most 32) characters of [A-Za-z0-9] derived from a SHA-256 of `seed`. */
function alphanumerics(sha256: Sha256, seed: string, length: number): string {
  const digest = sha256(seed);
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[(digest[i] ?? 0) % ALPHABET.length];
  return out;
}
