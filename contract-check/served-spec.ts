import { isDeepStrictEqual } from 'node:util';
import { load as parseYaml } from 'js-yaml';

/**
 * Whether the target serves the spec the check runs with. The mock publishes the document it runs
 * on at /__mock/openapi.yaml (beside the API's base path); a gateway that does not is not an
 * error, only a comparison that cannot be made. Returns a warning to print, or undefined.
 */
export async function servedSpecWarning(
  baseUrl: string,
  specText: string,
  specLabel: string,
  headers: Readonly<Record<string, string>> = {},
): Promise<string | undefined> {
  const url = new URL('/__mock/openapi.yaml', baseUrl).href;
  let served: string;
  try {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
    if (res.status === 404) return undefined;
    if (!res.ok)
      return `could not read the target's spec at ${url} (HTTP ${res.status}): it may serve another spec than ${specLabel}`;
    served = await res.text();
  } catch (err) {
    return `could not read the target's spec at ${url} (${(err as Error).message})`;
  }
  if (served === specText) return undefined;
  const [ours, theirs] = [parse(specText), parse(served)];
  if (ours !== undefined && isDeepStrictEqual(ours, theirs)) return undefined;
  const version = (document: unknown): string =>
    String((document as { info?: { version?: unknown } } | undefined)?.info?.version ?? '?');
  return (
    `the target serves a different spec than ${specLabel} (${url}: info.version ${version(theirs)}; ` +
    `${specLabel}: info.version ${version(ours)}): start the mock with --spec ${specLabel}, or the suite judges ` +
    'a gateway by a contract it does not run'
  );
}

function parse(text: string): unknown {
  try {
    return parseYaml(text);
  } catch {
    return undefined;
  }
}
