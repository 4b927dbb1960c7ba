/**
 * Whether two texts are equal, looking at every character whatever the first difference: the
 * time depends on the length alone, like node's timingSafeEqual, in any runtime and with no bytes
 * made. Key digests and remembered tokens are compared with it.
 */
export function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
