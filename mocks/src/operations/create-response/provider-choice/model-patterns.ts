/**
 * `allowed_models` patterns of the routing plugins (AutoRouterPlugin.allowed_models): an exact id, or a pattern
 * with `*` wildcards such as `<author>/*`. Matching is case-insensitive and uses no regex.
 */
export type ModelPattern = (id: string) => boolean;

export function modelPattern(pattern: string): ModelPattern {
  const parts = pattern.toLowerCase().split('*');
  if (parts.length === 1) {
    const exact = parts[0] ?? '';
    return (id) => id.toLowerCase() === exact;
  }
  return (id) => globMatch(id.toLowerCase(), parts);
}

/** True when `text` is parts[0] + anything + parts[1] + ... + anything + parts[n-1]. */
function globMatch(text: string, parts: readonly string[]): boolean {
  const first = parts[0] ?? '';
  const last = parts[parts.length - 1] ?? '';
  if (!text.startsWith(first) || !text.endsWith(last) || text.length < first.length + last.length) return false;
  let at = first.length;
  const end = text.length - last.length;
  for (const middle of parts.slice(1, -1)) {
    const found = text.indexOf(middle, at);
    if (found === -1 || found + middle.length > end) return false;
    at = found + middle.length;
  }
  return true;
}
