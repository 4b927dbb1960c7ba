/**
 * `--only` patterns: comma-separated, `*` matches any run of characters, matched against the
 * scenario id (`stream/createResponse/text`) and its operationId. A pattern without `*` matches
 * as a substring, so `--only stream` selects every stream scenario.
 */
export function matchesOnly(
  patterns: readonly string[],
  scenario: { readonly id: string; readonly operationId: string },
): boolean {
  if (patterns.length === 0) return true;
  return patterns.some((pattern) => {
    const candidates = [scenario.id, scenario.operationId];
    if (!pattern.includes('*')) return candidates.some((c) => c.includes(pattern));
    const source = pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    const regex = new RegExp(`^${source}$`);
    return candidates.some((c) => regex.test(c));
  });
}
