import { isUtf8 } from 'node:buffer';
import { closeSync, fsyncSync, openSync, writeSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { describeReadError } from '../../kit/files/describe-read-error';
import { displayPath } from '../../kit/files/display-path';
import { isRecord } from '../../kit/json/guards';
import { REDACTED } from '../../kit/secrets/secret-names';
import { scrubSecrets } from '../../kit/secrets/scrub-secrets';
import type { Secret } from '../../kit/secrets/scrub-secrets';
import type { ReadRelayed } from '../relay';
import { redact } from '../redact';
import type { KnownSecrets } from '../redact';
import { HAR_CREATOR } from './har-types';
import type { HarEntry, HarHeader } from './har-types';

/** A `--har` file that cannot be written: one line, the proxy does not start. */
export class HarFileError extends Error {
  override readonly name = 'HarFileError';
}

/** What follows the last entry: written after each one, so the file is a whole HAR document between writes. */
const CLOSER = '\n]}}\n';

/**
 * The proxy's `--har FILE`: each exchange appended as a HAR 1.2 entry when it is over, so memory
 * stays the same however long the proxy runs. After each entry the document's end is written
 * again behind it (a positional write over the previous end): a reader, or a proxy stopped by a
 * signal or killed, finds a valid HAR with every entry written so far. Secrets are scrubbed as in
 * the recordings (kit/secrets: the values of secret headers seen so far, anywhere, and credential
 * members of JSON bodies); a secret header never shows its value. Event streams are kept whole as
 * text. Writes are synchronous, one per exchange, after its answer was relayed.
 */
export class HarFile {
  readonly #fd: number;
  #end: number;
  #entries = 0;
  #closed = false;

  constructor(
    readonly path: string,
    private readonly secrets: KnownSecrets,
  ) {
    try {
      this.#fd = openSync(path, 'w');
    } catch (error) {
      throw new HarFileError(`--har ${displayPath(path)} cannot be written: ${describeReadError(error)}`);
    }
    const head = `{"log":{"version":"1.2","creator":${JSON.stringify(HAR_CREATOR)},"pages":[],"entries":[`;
    this.#end = writeSync(this.#fd, head + CLOSER, 0) - Buffer.byteLength(CLOSER);
  }

  /** Entries written so far. */
  get entries(): number {
    return this.#entries;
  }

  append(relayed: ReadRelayed): void {
    if (this.#closed) return;
    const text = `${this.#entries === 0 ? '\n' : ',\n'}${JSON.stringify(this.entryOf(relayed))}`;
    const written = writeSync(this.#fd, text + CLOSER, this.#end);
    this.#end += written - Buffer.byteLength(CLOSER);
    this.#entries++;
  }

  /** Flushes the file to disk and closes it; the document is already whole. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    fsyncSync(this.#fd);
    closeSync(this.#fd);
  }

  private entryOf(relayed: ReadRelayed): HarEntry {
    const secrets = this.secrets.asRedacted();
    const scrub = (text: string): string => scrubSecrets(text, secrets);
    const url = scrub(relayed.url);
    const requestText = this.requestText(relayed.requestBody, secrets);
    const requestType = single(relayed.requestHeaders['content-type']) ?? '';
    const body = relayed.body;
    const answerText = body === undefined ? undefined : scrub(body.wholeText?.() ?? body.text);
    const answerType = relayed.responseHeaders['content-type'] ?? '';
    const sent = new Date(Date.now() - relayed.durationMs).toISOString();
    return {
      startedDateTime: sent,
      time: relayed.durationMs,
      request: {
        method: relayed.method,
        url,
        httpVersion: 'HTTP/1.1',
        headers: this.headers(relayed.requestHeaders, secrets),
        queryString: [...new URL(url).searchParams].map(([name, value]) => ({ name, value })),
        cookies: [],
        headersSize: -1,
        bodySize: relayed.requestBody?.length ?? 0,
        ...(requestText === undefined ? {} : { postData: { mimeType: requestType, ...requestText } }),
      },
      response: {
        status: relayed.status ?? 0,
        statusText: '',
        httpVersion: 'HTTP/1.1',
        headers: this.headers(relayed.responseHeaders, secrets),
        cookies: [],
        content: {
          size: answerText === undefined ? 0 : Buffer.byteLength(answerText),
          mimeType: answerType,
          ...(answerText === undefined ? {} : { text: answerText }),
        },
        redirectURL: '',
        headersSize: -1,
        bodySize: -1,
      },
      cache: {},
      timings: { send: 0, wait: relayed.durationMs, receive: 0 },
      ...(relayed.transportError === undefined ? {} : { _transportError: scrub(relayed.transportError) }),
    };
  }

  private headers(
    headers: IncomingHttpHeaders | Readonly<Record<string, string>>,
    secrets: readonly Secret[],
  ): HarHeader[] {
    const out: HarHeader[] = [];
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) {
        out.push({ name, value: this.secrets.names.header(name) ? hidden(one) : scrubSecrets(one, secrets) });
      }
    }
    return out;
  }

  /** The request's body as HAR keeps it: text (credential members of JSON redacted), or base64 for bytes. */
  private requestText(
    body: Buffer | undefined,
    secrets: readonly Secret[],
  ): { text: string; encoding?: string } | undefined {
    if (body === undefined) return undefined;
    if (!isUtf8(body)) return { text: body.toString('base64'), encoding: 'base64' };
    const text = scrubSecrets(body.toString('utf8'), secrets);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text) as unknown;
    } catch {
      return { text };
    }
    if (!isRecord(parsed) && !Array.isArray(parsed)) return { text };
    const redacted = redact(parsed, this.secrets.names, secrets);
    return { text: JSON.stringify(redacted) === JSON.stringify(parsed) ? text : JSON.stringify(redacted) };
  }
}

/**
 * A secret header's value as the HAR shows it: never any of it, but an authorization's scheme
 * (`Bearer [redacted]`, RFC 9110 11.6.2), so a reader of the file (verify) still sees a credential
 * of the documented scheme was sent.
 */
function hidden(value: string): string {
  const scheme = /^([A-Za-z][\w!#$%&'*+.^`|~-]*) +\S/.exec(value);
  return scheme ? `${scheme[1]} ${REDACTED}` : REDACTED;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
