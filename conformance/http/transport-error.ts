import http from 'node:http';

/**
 * What went wrong below HTTP, in one line a CI user can act on. The reasons that mean the target
 * did answer, but in a way the suite cannot use (a certificate it does not trust, a port without
 * TLS, headers past Node's limit, an answer that is not HTTP), start with one of ANSWERED_BUT, so
 * the preflight does not call such a target "unreachable".
 */
export function describeTransportError(err: unknown, proxy?: string): string {
  const { code, text } = codeAndText(err);
  const plain = code && !text.includes(code) ? `${code}: ${text}` : text;
  if (code === undefined) return proxy === undefined ? plain : `${plain} (through the proxy in ${proxy})`;
  // Through a proxy, the only connection the suite opens is to the proxy.
  if (proxy !== undefined && CONNECT_CODES.has(code)) return `the proxy in ${proxy} cannot be reached: ${plain}`;
  if (UNTRUSTED.has(code))
    return `${TLS_FAILED}: its certificate is not trusted (${plain}). If it comes from a private CA, give that CA's PEM file in NODE_EXTRA_CA_CERTS (docs/ci.md, "HTTPS")`;
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID')
    return `${TLS_FAILED}: its certificate is outside its validity dates (${plain}); the gateway needs a current certificate`;
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID')
    return `${TLS_FAILED}: its certificate is not for this host (${plain.replace(/:\s*$/, '')}); use a host name the certificate names in the base URL`;
  if (/wrong version number|packet length too long|http request/i.test(text))
    return `${NO_TLS} (${code}); if the gateway serves plain HTTP there, the base URL starts with http://`;
  if (code === 'HPE_HEADER_OVERFLOW')
    return `${HEADERS_TOO_BIG}: past the ${http.maxHeaderSize} bytes Node.js reads (${code}); NODE_OPTIONS=--max-http-header-size=65536 raises the limit`;
  if (code.startsWith('HPE_')) return `${NOT_HTTP}: ${plain}`;
  // undici's fetch (not Node's http client) fails on a 1xx it did not ask for (nodejs/undici#197).
  if (UNDICI_BAD_RESPONSE(code, text))
    return `${NOT_HTTP} as Node's fetch reads it: ${plain} (an interim answer the suite did not ask for, such as 100 Continue, is one cause)`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return `${plain}: the host name does not resolve here; check the base URL's host (and that the runner's DNS knows it)`;
  return plain;
}

const UNDICI_BAD_RESPONSE = (code: string, text: string): boolean =>
  code === 'UND_ERR_SOCKET' && text === 'bad response';

/** Failures to open a connection (as opposed to one that opened and then went wrong). */
const CONNECT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

const TLS_FAILED = 'the TLS handshake failed';
const NO_TLS = 'it does not speak TLS on that port';
const HEADERS_TOO_BIG = "the answer's headers are too large";
const NOT_HTTP = 'the answer is not valid HTTP/1.1';

/** The start of a description that means the target answered, in a way the suite cannot read. */
export const ANSWERED_BUT = new RegExp(`^(${[TLS_FAILED, NO_TLS, HEADERS_TOO_BIG, NOT_HTTP].join('|')})\\b`);

/** Certificate verification codes (OpenSSL's, as Node reports them) for a certificate no trusted CA signed. */
const UNTRUSTED = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
]);

/**
 * A connection that was closed or reset before any byte of an answer came. On a kept-alive socket
 * this is what a load balancer that drops idle connections causes: the request never reached the
 * gateway, and every HTTP client asks again on a fresh connection.
 */
export function droppedBeforeAnswer(err: unknown): boolean {
  const { code, text } = codeAndText(err);
  if (code !== undefined && UNDICI_BAD_RESPONSE(code, text)) return false;
  return code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET';
}

/** The error's code and message; fetch (undici) wraps the socket's error as `cause`. */
function codeAndText(err: unknown): { code?: string; text: string } {
  const error = err as { code?: unknown; message?: unknown; cause?: { code?: unknown; message?: unknown } };
  const message = error.cause?.message ?? error.message;
  const text = typeof message === 'string' ? message : String(err);
  // Errors from a proxy agent carry the code in their message only ("ECONNREFUSED: Connection refused").
  const code = [error.code, error.cause?.code, /^(E[A-Z]{3,})\b/.exec(text)?.[1]].find(
    (c): c is string => typeof c === 'string',
  );
  // OpenSSL's own text names its source file and line: keep the reason only.
  return { code, text: text.replace(/^.*?:error:[0-9A-F]+:SSL routines:[^:]*:([^:]+):.*$/s, '$1').trim() };
}

/**
 * A request that ended in a reset or closed connection: before any answer (droppedBeforeAnswer)
 * or part-way through its body (send-json's BrokenAnswerError), as opposed to a timeout, a refused
 * connection or an answer the client could not read.
 */
export function droppedConnection(err: unknown): boolean {
  if (droppedBeforeAnswer(err)) return true;
  const { code, text } = codeAndText(err);
  return code === 'ECONNRESET' || /socket hang up|other side closed|the connection broke after/.test(text);
}
