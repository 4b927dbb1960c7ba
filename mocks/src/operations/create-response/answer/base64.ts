/** Characters per `String.fromCharCode` call: well below any engine's argument limit. */
const CHUNK = 0x8000;

/** Standard base64 of a text's UTF-8 bytes, with the platform's `btoa` (node, browsers, workers alike). */
export function base64OfText(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let at = 0; at < bytes.length; at += CHUNK) binary += String.fromCharCode(...bytes.subarray(at, at + CHUNK));
  return btoa(binary);
}
