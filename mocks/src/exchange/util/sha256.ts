import type * as NobleSha2 from '@noble/hashes/sha2';

/**
 * SHA-256 of a text's UTF-8 bytes, synchronous: key hashes and response ids are made on the way of
 * a request, where `crypto.subtle` would make it wait for a promise.
 */
export type Sha256 = (text: string) => Uint8Array;

let noble: typeof NobleSha2.sha256 | undefined;
const utf8 = new TextEncoder();

/**
 * The same in every runtime (browsers, workers); the node side hands over node:crypto's, about 3
 * times faster. @noble/hashes is loaded at the first call, so a node process that never calls
 * this does not load it (and the WebCrypto it probes) at start.
 */
export const portableSha256: Sha256 = (text) => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- deliberate lazy load, see above
  noble ??= (require('@noble/hashes/sha2') as typeof NobleSha2).sha256;
  return noble(utf8.encode(text));
};
