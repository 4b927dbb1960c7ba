import type { OperationId, RequestBody } from '../operation-types';
import { jsonDepthExceeds } from '../../exchange/util/json-depth';
import { scrubDeep } from '../../../../kit/secrets/scrub-secrets';
import { REDACTED } from '../../../../kit/secrets/secret-names';
import { journalSecrets, redactHeaders } from './redact-headers';
import { BYTE_STRING_MAX_BYTES, fromByteString, toByteString } from '../../exchange/util/byte-string';

/** How a streamed answer ended: sent whole, cut by a scenario (or x-mock-fail-after-tokens), or left by its client. */
export type StreamEnd = 'completed' | 'cut' | 'aborted';

/** A failure of the connection itself, journaled in place of a status: the request got no answer. */
export type NetworkFailure = 'reset';

/**
 * A request body as the journal shows it, typed by its operation: the operation's JSON request
 * body as a client sends it (the journal keeps what was sent, valid or not), its text when it is
 * not JSON, null when there is none. Operations without a body show `unknown` (whatever came).
 */
export type SentBody<Op extends OperationId> = Op extends OperationId
  ? RequestBody<Op> extends undefined
    ? unknown
    : RequestBody<Op> | string | null
  : never;

/**
 * One entry of the journal (`GET /__mock/requests`, `mock.requests()`): a union over the
 * operations, so that testing `entry.operationId === 'createResponse'` types `body` as that
 * operation's request body, as `mock.requests({ operation: 'createResponse' })` does.
 */
export type JournalEntry<Op extends OperationId = OperationId> =
  | (Op extends OperationId ? JournalEntryOf<Op> : never)
  // Unfiltered, the journal also holds requests no operation takes (a 404): operationId null.
  | (OperationId extends Op ? JournalEntryOf<null> : never);

/** The entry of one operation's request (`null`: a request no operation takes). */
export interface JournalEntryOf<Op extends OperationId | null> {
  /** When the request arrived (ISO 8601, milliseconds). */
  readonly at: string;
  readonly method: string;
  readonly path: string;
  /** null for a request no operation takes (a 404). */
  readonly operationId: Op;
  /** The status answered; absent when the request got no answer (`network` says why). */
  readonly status?: number;
  /** Present instead of `status` when the connection failed before any answer (a `network: 'reset'` scenario). */
  readonly network?: NetworkFailure;
  readonly durationMs: number;
  /** The request's headers; API keys, cookies and tokens redacted. */
  readonly headers: Record<string, string>;
  /**
   * The request body: its JSON, or its text when it is not JSON; null when it has none. A body
   * longer than the journal keeps (JOURNAL_BODY_BYTES) is its first bytes as text, and `bodyBytes`
   * says how long it was.
   */
  readonly body: Op extends OperationId ? SentBody<Op> : unknown;
  /** Present when `body` holds only the start of a longer body: the whole body's size in bytes. */
  readonly bodyBytes?: number;
  /** For an event stream: how it ended. */
  readonly stream?: StreamEnd;
  /** The id of the scenario that answered the request. */
  readonly scenario?: string;
  /** Present when the connection closed before the answer was complete (the client went away, or a scenario cut it). */
  readonly aborted?: true;
}

/**
 * What the pipeline learns about a request while answering it. The journal keeps a reference and
 * reads it only when someone reads the journal, so that a stream's end, known a moment after its
 * connection closes, is there too, and a request pays for no copy.
 */
export interface RequestOutcome {
  scenario?: string;
  /** The answer was an event stream. */
  streamed?: boolean;
  /** The answer was cut short on purpose (a scenario's cut or network failure, a fail-after header). */
  cut?: boolean;
  /** The connection failed before any answer: no status was sent. */
  network?: NetworkFailure;
}

/**
 * A request as recorded: what the journal shows is made from it when read. `path`, `headers` and
 * `body` are the request's own values until the journal takes the entry: where they equal those
 * of the entry before it, it keeps that entry's values instead (RequestJournal.add).
 */
export interface RecordedRequest {
  readonly atMs: number;
  readonly method: string;
  path: string;
  readonly operationId: string | null;
  readonly status: number;
  readonly durationMs: number;
  headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** The body, decoded when the journal is read (journalBodyOf); undefined when the request had none. */
  body: KeptBody | undefined;
  readonly outcome: RequestOutcome;
  /** The connection closed before the answer was complete. */
  readonly incomplete: boolean;
}

/** The journal's default size: the last 1,000 requests. */
export const DEFAULT_JOURNAL_LIMIT = 1_000;

/**
 * The bytes of one request body the journal keeps. Bodies may be up to the body limit (32 MiB by
 * default): 1,000 of them kept whole would hold gigabytes, so a longer one keeps its start only.
 */
export const JOURNAL_BODY_BYTES = 64 * 1024;

/** A body as the journal shows it, with the whole body's size when only its start is kept. */
export interface JournalBody {
  readonly body: unknown;
  readonly bodyBytes?: number;
}

/**
 * A request body as the journal keeps it, decoded only when the journal is read: a short body as
 * its byte string, a longer one as its bytes, one past JOURNAL_BODY_BYTES as its start and size.
 */
export type KeptBody = string | Uint8Array | { readonly start: Uint8Array; readonly bodyBytes: number };

/**
 * What the journal keeps of a request body. A short body is kept as its byte string rather than
 * the request's own bytes: the journal holds its last requests for longer than a young object
 * lives, and a Uint8Array held that long costs the collector far more than a string (under POST
 * load the journal's buffers were promoted and freed a thousand at a time). A body past
 * JOURNAL_BODY_BYTES is copied down to its start, so the whole one can be freed.
 */
export function journalBodyOf(bytes: Uint8Array): KeptBody {
  if (bytes.byteLength <= BYTE_STRING_MAX_BYTES) return toByteString(bytes);
  if (bytes.byteLength <= JOURNAL_BODY_BYTES) return bytes;
  return { start: bytes.slice(0, JOURNAL_BODY_BYTES), bodyBytes: bytes.byteLength };
}

function decodeKept(kept: KeptBody): JournalBody {
  if (typeof kept === 'string') return { body: journalBody(new TextDecoder().decode(fromByteString(kept))) };
  if (kept instanceof Uint8Array) return { body: journalBody(new TextDecoder().decode(kept)) };
  // The start may end inside a character: the decoder marks it with U+FFFD.
  return { body: new TextDecoder().decode(kept.start), bodyBytes: kept.bodyBytes };
}

/**
 * The most recent requests, oldest dropped first, bounded so a mock left running for days does
 * not grow. Plain data in, plain data out: the same journal behind every surface and runtime.
 *
 * Each field has an array of its own, one slot per request, rather than an object per request:
 * the journal holds its requests for longer than a young object lives, and under load every entry
 * object, with its two numbers, was promoted by the collector and later freed by a full
 * collection. The numbers sit unboxed in their arrays; a request adds no object the journal keeps
 * but those it has to (a new path, headers or body, an outcome still to be read).
 */
export class RequestJournal {
  #atMs: number[] = [];
  #method: string[] = [];
  #path: string[] = [];
  #operationId: Array<string | null> = [];
  #status: number[] = [];
  #durationMs: number[] = [];
  #headers: Array<RecordedRequest['headers']> = [];
  #body: Array<KeptBody | undefined> = [];
  #outcome: Array<RequestOutcome | undefined> = [];
  #incomplete: boolean[] = [];
  /** The slot the next request takes; the journal is full once `#atMs` has `capacity` slots. */
  #next = 0;
  /** The slot of the newest request, -1 when there is none. */
  #newest = -1;
  #newestHeaderNames: readonly string[] = [];

  constructor(private readonly capacity = DEFAULT_JOURNAL_LIMIT) {}

  /**
   * Takes `entry`, keeping the path, headers and body of the entry before it where they are the
   * same: a client repeating a request then adds one entry to what the journal holds, not its
   * headers and body again, and the request's own copies die young. The outcome is kept only
   * where it has something to show, or may yet (a stream, a request its client left).
   */
  add(entry: RecordedRequest): void {
    if (this.capacity <= 0) return;
    let { path, headers, body } = entry;
    const newest = this.#newest;
    if (newest === -1) this.#newestHeaderNames = Object.keys(headers);
    else {
      const newestHeaders = this.#headers[newest] as RecordedRequest['headers'];
      if (path === this.#path[newest]) path = this.#path[newest] as string;
      if (sameHeaders(headers, newestHeaders, this.#newestHeaderNames)) headers = newestHeaders;
      else this.#newestHeaderNames = Object.keys(headers);
      const newestBody = this.#body[newest];
      if (typeof body === 'string' && body === newestBody) body = newestBody;
    }
    const at = this.#next;
    this.#atMs[at] = entry.atMs;
    this.#method[at] = entry.method;
    this.#path[at] = path;
    this.#operationId[at] = entry.operationId;
    this.#status[at] = entry.status;
    this.#durationMs[at] = entry.durationMs;
    this.#headers[at] = headers;
    this.#body[at] = body;
    this.#outcome[at] = entry.incomplete || !isSettledPlain(entry.outcome) ? entry.outcome : undefined;
    this.#incomplete[at] = entry.incomplete;
    this.#newest = at;
    this.#next = (at + 1) % this.capacity;
  }

  /** Newest first; only the requests of `operation` (an operationId) when given. */
  list<Op extends OperationId = OperationId>(filter: { readonly operation?: Op } = {}): JournalEntry<Op>[] {
    const wanted = filter.operation;
    const held = this.#atMs.length;
    const shown: JournalEntry<Op>[] = [];
    for (let n = 1; n <= held; n++) {
      const at = (this.#next - n + held) % held;
      if (wanted !== undefined && this.#operationId[at] !== wanted) continue;
      shown.push(show(this.#recorded(at)) as JournalEntry<Op>);
    }
    return shown;
  }

  clear(): void {
    for (const column of [
      this.#atMs,
      this.#method,
      this.#path,
      this.#operationId,
      this.#status,
      this.#durationMs,
      this.#headers,
      this.#body,
      this.#outcome,
      this.#incomplete,
    ])
      column.length = 0;
    this.#next = 0;
    this.#newest = -1;
    this.#newestHeaderNames = [];
  }

  #recorded(at: number): RecordedRequest {
    return {
      atMs: this.#atMs[at] as number,
      method: this.#method[at] as string,
      path: this.#path[at] as string,
      operationId: this.#operationId[at] as string | null,
      status: this.#status[at] as number,
      durationMs: this.#durationMs[at] as number,
      headers: this.#headers[at] as RecordedRequest['headers'],
      body: this.#body[at],
      outcome: this.#outcome[at] ?? SETTLED_PLAIN,
      incomplete: this.#incomplete[at] as boolean,
    };
  }
}

/** The outcome of an answer with nothing to show: no scenario, no stream, no cut, no network failure. */
const SETTLED_PLAIN: RequestOutcome = Object.freeze({});

/** Nothing to show, and nothing will come: not a stream, whose end may be known after it is journaled. */
function isSettledPlain(outcome: RequestOutcome): boolean {
  return (
    outcome.scenario === undefined && outcome.streamed !== true && outcome.cut !== true && outcome.network === undefined
  );
}

/** What the journal shows for a credential query parameter's value, as for a secret header's. */
const shownRedacted = (): string => REDACTED;

function show(recorded: RecordedRequest): JournalEntry {
  const { outcome } = recorded;
  const secrets = journalSecrets(recorded.headers);
  type Shown = JournalEntryOf<OperationId | null>;
  const entry: { -readonly [K in keyof Shown]: Shown[K] } = {
    at: new Date(recorded.atMs).toISOString(),
    method: recorded.method,
    path: scrubDeep(recorded.path, secrets, shownRedacted),
    operationId: recorded.operationId as OperationId | null,
    durationMs: recorded.durationMs,
    headers: redactHeaders(recorded.headers),
    body: null,
  };
  // A reset has no status: the adapter's 200 is only its default, never sent.
  if (outcome.network !== undefined) entry.network = outcome.network;
  else entry.status = recorded.status;
  if (recorded.body !== undefined) {
    const { body, bodyBytes } = decodeKept(recorded.body);
    entry.body = scrubDeep(body, secrets, shownRedacted) as SentBody<OperationId>;
    if (bodyBytes !== undefined) entry.bodyBytes = bodyBytes;
  }
  if (outcome.streamed === true)
    entry.stream = outcome.cut === true ? 'cut' : recorded.incomplete ? 'aborted' : 'completed';
  if (outcome.scenario !== undefined) entry.scenario = outcome.scenario;
  if (recorded.incomplete) entry.aborted = true;
  // The operation's id and its body's type go together: the union is what a reader narrows.
  return entry as JournalEntry;
}

/**
 * A body's bytes as the journal shows them: JSON when it parses, else the text. JSON nested past
 * the mock's depth limit stays text: parsed, it could not be serialized again for the journal.
 */
export function journalBody(text: string): unknown {
  if (text === '') return null;
  if (jsonDepthExceeds(text)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The same header names in the same order (`names`, those of `b`) with the same text values; a
 * header given as several values (an array) is never the same.
 */
function sameHeaders(a: RecordedRequest['headers'], b: RecordedRequest['headers'], names: readonly string[]): boolean {
  let i = 0;
  for (const name in a) {
    const value = a[name];
    if (name !== names[i] || typeof value !== 'string' || value !== b[name]) return false;
    i++;
  }
  return i === names.length;
}
