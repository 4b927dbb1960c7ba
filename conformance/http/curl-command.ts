import type { ReportedRequest } from './wire-types';
import { QUERY_VARIABLES } from '../../kit/secrets/query-secrets';
import { CREDENTIAL_ENV } from './credentials';

/** A variable a report shows instead of a secret (`$API_KEY`): the shell reads it from the environment. */
const VARIABLE = /(\$[A-Z][A-Z0-9_]*)/;
/** Bytes a terminal, an HTML page or an XML file would not carry as they are. */
const CONTROL = /[\x00-\x1f\x7f]/;

/** The variables every reproduction may read: the run's keys and the credential query parameters. */
const KIT_VARIABLES: readonly string[] = [
  ...Object.values(CREDENTIAL_ENV).map((name) => `$${name}`),
  ...QUERY_VARIABLES,
];

/**
 * A POSIX shell command that reproduces a request. Values are the redacted ones, so a key appears as
 * `$API_KEY` inside double quotes and the shell expands it from the environment, wherever the
 * scrubbing put it: a header, the URL's path or query, the body. `variables` are the other ones
 * the scrubbing shows (`$X_API_KEY`): in the URL and body only those and the kit's own expand, so
 * a body that says `$HOME` is sent as it says. Control bytes are made by printf from escapes, so
 * the line holds printable characters only.
 */
export function curlCommand(request: ReportedRequest, stream = false, variables: readonly string[] = []): string {
  const known = new Set([...KIT_VARIABLES, ...variables]);
  const expand = (name: string) => known.has(name);
  const parts = ['curl', stream ? '-sSN' : '-sS', '-X', request.method, word(request.url, expand)];
  for (const [name, value] of Object.entries(request.headers)) parts.push('-H', word(`${name}: ${value}`));
  const body = sentBody(request);
  if (body !== undefined) parts.push('--data-raw', word(body, expand));
  return parts.join(' ');
}

/**
 * The reproduction of a request written to the socket byte for byte (send-raw.ts): header values
 * with control bytes or a NUL, which curl and bash's own strings cannot carry. printf writes the
 * bytes (`\000`, `\001`: printable in the line), secrets come from the environment as `%s`
 * arguments; bash's /dev/tcp (or openssl for https) sends them and prints the answer.
 */
export function rawRequestCommand(request: ReportedRequest): string {
  const url = new URL(request.url);
  const secure = url.protocol === 'https:';
  const port = url.port || (secure ? '443' : '80');
  const body = sentBody(request);
  const lines = [`${request.method} ${url.pathname}${url.search} HTTP/1.1`, `Host: ${url.host}`];
  for (const [name, value] of Object.entries(request.headers)) lines.push(`${name}: ${value}`);
  if (body !== undefined) lines.push(`Content-Length: ${new TextEncoder().encode(body).length}`);
  lines.push('Connection: close', '', body ?? '');
  const args: string[] = [];
  const format = lines
    .join('\r\n')
    .split(VARIABLE)
    .map((part, i) => {
      if (i % 2 === 1) {
        args.push(`"${part}"`);
        return '%s';
      }
      return printfText(part);
    })
    .join('');
  // printf as a program, not bash's builtin: its output to a socket is written in one go, as the
  // suite wrote it; the builtin writes line by line, and a server that refuses the first bad line
  // closes the connection on the lines still coming (the client then sees a reset, no answer).
  const printf = ['env printf', `'${format}'`, ...args].join(' ');
  if (secure) return `${printf} | openssl s_client -quiet -connect ${url.hostname}:${port} -servername ${url.hostname}`;
  // /dev/tcp is bash's: run by bash from any POSIX shell, the secrets handed over as arguments
  // ("$1"…), so the pasting shell expands them whether or not they are exported.
  const inner = ['env printf', `'${format}'`, ...args.map((_, i) => `"$${i + 1}"`)].join(' ');
  const script = `exec 3<>/dev/tcp/${url.hostname}/${port} && ${inner} >&3 && cat <&3`;
  return ['bash', '-c', `'${script.replace(/'/g, `'\\''`)}'`, 'reproduce', ...args].join(' ');
}

function sentBody(request: ReportedRequest): string | undefined {
  if (request.rawBody !== undefined) return request.rawBody;
  return request.body === undefined ? undefined : JSON.stringify(request.body);
}

/**
 * One shell word: the `$NAME` references `expand` takes (all by default) expanded, the rest
 * literal: pieces in single quotes and each variable in double quotes (`'http://h/x?key='"$API_KEY"`),
 * which every POSIX shell reads alike. Printable text whose every `$NAME` expands, with no `!` (which
 * an interactive bash expands inside double quotes), goes whole in double quotes, its specials escaped.
 */
function word(text: string, expand: (name: string) => boolean = () => true): string {
  const pieces = text.split(VARIABLE);
  const expanded = pieces.some((part, i) => i % 2 === 1 && expand(part));
  if (!expanded) return literal(text);
  if (!CONTROL.test(text) && !text.includes('!') && pieces.every((part, i) => i % 2 === 0 || expand(part)))
    return `"${text
      .replace(/(["\\`])/g, '\\$1')
      .replace(/\$(?![A-Z][A-Z0-9_]*)/g, '\\$')
      // `$API_KEYabc` would read the variable `API_KEYabc`.
      .replace(/\$([A-Z][A-Z0-9_]*)(?=[a-z])/g, '$${$1}')}"`;
  // Variables left as they are join the literal text around them.
  const segments: Array<{ text: string; variable: boolean }> = [];
  pieces.forEach((part, i) => {
    const variable = i % 2 === 1 && expand(part);
    const last = segments[segments.length - 1];
    if (!variable && last !== undefined && !last.variable) last.text += part;
    else segments.push({ text: part, variable });
  });
  return segments
    .map(({ text: part, variable }) => (variable ? `"${part}"` : part === '' ? '' : literal(part)))
    .join('');
}

/**
 * Nothing inside is expanded: single quotes. Text with control bytes is made by POSIX printf from
 * octal escapes (`"$(printf 'a\\001b')"`), which every POSIX shell runs, unlike bash's `$'…'`; the
 * newlines it ends with, which a command substitution would drop, follow it in single quotes.
 */
function literal(text: string): string {
  if (!CONTROL.test(text)) return `'${text.replace(/'/g, `'\\''`)}'`;
  const body = text.replace(/\n+$/, '');
  const trailing = text.slice(body.length);
  return `"$(printf '${printfText(body)}')"${trailing === '' ? '' : `'${trailing}'`}`;
}

/** Text for printf's format inside single quotes: `%`, `\` and `'` escaped, control bytes as octal escapes, `\r\n` as such. */
function printfText(text: string): string {
  return text
    .replace(/[%\\]/g, (c) => (c === '%' ? '%%' : '\\\\'))
    .replace(/'/g, `'\\''`)
    .replace(/[\x00-\x1f\x7f]/g, (c) =>
      c === '\r' ? '\\r' : c === '\n' ? '\\n' : `\\${c.charCodeAt(0).toString(8).padStart(3, '0')}`,
    );
}
