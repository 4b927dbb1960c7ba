import { NodeBuffer } from './node-buffer';

/**
 * Bytes as a string of one character per byte (the character of that code, 0–255), and back.
 * A string of this kind is one object on the JavaScript heap; a Uint8Array is two and a buffer
 * outside it, which the garbage collector must track apart and free after a full collection.
 */

/** The longest byte string made in one call: String.fromCharCode takes the bytes as its arguments. */
export const BYTE_STRING_MAX_BYTES = 4096;

/** Node's Buffer decodes latin1 (one character per byte, 0–255) natively; it is used where the bytes are a Buffer. */
const latin1Slice = NodeBuffer?.prototype.latin1Slice;

/**
 * `bytes` (BYTE_STRING_MAX_BYTES at most) as a byte string. A node Buffer (every request body
 * under node:http) is decoded by node itself, some ten times fewer instructions than spreading
 * its bytes as arguments, which is what every other runtime does.
 */
export function toByteString(bytes: Uint8Array): string {
  if (latin1Slice !== undefined && NodeBuffer !== undefined && bytes instanceof NodeBuffer)
    return latin1Slice.call(bytes, 0, bytes.length);
  return String.fromCharCode.apply(null, bytes as unknown as number[]);
}

/** The bytes a byte string stands for. */
export function fromByteString(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}
