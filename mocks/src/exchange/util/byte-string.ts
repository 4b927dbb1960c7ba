/**
 * Bytes as a string of one character per byte (the character of that code, 0–255), and back.
 * A string of this kind is one object on the JavaScript heap; a Uint8Array is two and a buffer
 * outside it, which the garbage collector must track apart and free after a full collection.
 */

/** The longest byte string made in one call: String.fromCharCode takes the bytes as its arguments. */
export const BYTE_STRING_MAX_BYTES = 4096;

/** `bytes` (BYTE_STRING_MAX_BYTES at most) as a byte string. */
export function toByteString(bytes: Uint8Array): string {
  return String.fromCharCode.apply(null, bytes as unknown as number[]);
}

/** The bytes a byte string stands for. */
export function fromByteString(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}
