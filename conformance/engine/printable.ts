/** Control bytes but the line break and the tab: what a terminal, an HTML page or an XML 1.0 file cannot carry as they are. */
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f]/g;

/**
 * Every string inside `value` with its control bytes written as `\xHH`: a failure quotes what a
 * request sent and a gateway answered, and every report and the terminal show it (XML 1.0 allows
 * no NUL at all). The reproduction is made before, from the bytes as they were sent.
 */
export function printable<T>(value: T): T {
  return walk(value) as T;
}

function walk(value: unknown): unknown {
  if (typeof value === 'string')
    return value.replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  if (Array.isArray(value)) return value.map(walk);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [walk(key) as string, walk(item)]));
  return value;
}
