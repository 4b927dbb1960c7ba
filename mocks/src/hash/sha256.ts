import { sha256 } from '@noble/hashes/sha2';
import { utf8ToBytes } from '@noble/hashes/utils';

/**
 * SHA-256 of a text's UTF-8 bytes, synchronous: key hashes and response ids are made on the way of
 * a request, where `crypto.subtle` would make it wait for a promise.
 */
export type Sha256 = (text: string) => Uint8Array;

/** The same in every runtime (browsers, workers); the node side hands over node:crypto's, about 3 times faster. */
export const portableSha256: Sha256 = (text) => sha256(utf8ToBytes(text));
