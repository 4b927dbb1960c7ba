import type { ReportedRequest } from '../engine/types';

/**
 * A shell command that reproduces a request. Header values are the redacted ones, so a key appears
 * as `$API_KEY` inside double quotes and the shell expands it from the environment.
 */
export function curlCommand(request: ReportedRequest, stream = false): string {
  const parts = ['curl', stream ? '-sSN' : '-sS', '-X', request.method, quote(request.url)];
  for (const [name, value] of Object.entries(request.headers)) {
    parts.push('-H', value.includes('$') ? doubleQuote(`${name}: ${value}`) : quote(`${name}: ${value}`));
  }
  if (request.rawBody !== undefined) parts.push('--data-raw', quote(request.rawBody));
  else if (request.body !== undefined) parts.push('--data-raw', quote(JSON.stringify(request.body)));
  return parts.join(' ');
}

/** Single quotes: nothing inside is expanded. */
function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Double quotes: only `$NAME` references expand; other specials are escaped. */
function doubleQuote(text: string): string {
  return `"${text.replace(/(["\\`])/g, '\\$1')}"`;
}
