import type { OperationId, RequestBody } from '../operation-types';
import { jsonDepthExceeds } from '../../exchange/util/json-depth';
import { scrubDeep } from '../../../../kit/secrets/scrub-secrets';
import { journalSecrets, redactHeaders } from './redact-headers';

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
 * One entry of the journal (`GET /__mock/requests`, `mock.requests()`); with `{ operation }`,
 * `mock.requests({ operation: 'createResponse' })` types `body` as that operation's request body.
 */
export interface JournalEntry<Op extends OperationId = OperationId> {
  /** When the request arrived (ISO 8601, milliseconds). */
  readonly at: string;
  readonly method: string;
  readonly path: string;
  /** null for a request no operation takes (a 404). */
  readonly operationId: Op | null;
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
  readonly body: SentBody<Op>;
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

/** A request as recorded: what the journal shows is made from it when read. */
export interface RecordedRequest {
  readonly atMs: number;
  readonly method: string;
  readonly path: string;
  readonly operationId: string | null;
  readonly status: number;
  readonly durationMs: number;
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** The body, decoded when the journal is read (journalBodyOf); undefined when the request had none. */
  readonly body: (() => JournalBody) | undefined;
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
 * What the journal keeps of a request body: a function that decodes it when the journal is read.
 * A body past JOURNAL_BODY_BYTES is copied down to its start, so the whole one can be freed.
 */
export function journalBodyOf(bytes: Uint8Array): () => JournalBody {
  if (bytes.byteLength <= JOURNAL_BODY_BYTES) return () => ({ body: journalBody(new TextDecoder().decode(bytes)) });
  const start = bytes.slice(0, JOURNAL_BODY_BYTES);
  const bodyBytes = bytes.byteLength;
  // The start may end inside a character: the decoder marks it with U+FFFD.
  return () => ({ body: new TextDecoder().decode(start), bodyBytes });
}

/**
 * The most recent requests, oldest dropped first, bounded so a mock left running for days does
 * not grow. Plain data in, plain data out: the same journal behind every surface and runtime.
 */
export class RequestJournal {
  private entries: RecordedRequest[] = [];
  private next = 0;

  constructor(private readonly capacity = DEFAULT_JOURNAL_LIMIT) {}

  add(entry: RecordedRequest): void {
    if (this.capacity <= 0) return;
    if (this.entries.length < this.capacity) {
      this.entries.push(entry);
    } else {
      this.entries[this.next] = entry;
    }
    this.next = (this.next + 1) % this.capacity;
  }

  /** Newest first; only the requests of `operation` (an operationId) when given. */
  list<Op extends OperationId = OperationId>(filter: { readonly operation?: Op } = {}): JournalEntry<Op>[] {
    const ordered =
      this.entries.length < this.capacity
        ? this.entries.slice()
        : [...this.entries.slice(this.next), ...this.entries.slice(0, this.next)];
    const wanted = filter.operation;
    return ordered
      .reverse()
      .filter((entry) => wanted === undefined || entry.operationId === wanted)
      .map((entry) => show(entry) as JournalEntry<Op>);
  }

  clear(): void {
    this.entries = [];
    this.next = 0;
  }
}

function show(recorded: RecordedRequest): JournalEntry {
  const { outcome } = recorded;
  const secrets = journalSecrets(recorded.headers);
  const entry: { -readonly [K in keyof JournalEntry]: JournalEntry[K] } = {
    at: new Date(recorded.atMs).toISOString(),
    method: recorded.method,
    path: scrubDeep(recorded.path, secrets),
    operationId: recorded.operationId as OperationId | null,
    durationMs: recorded.durationMs,
    headers: redactHeaders(recorded.headers),
    body: null,
  };
  // A reset has no status: the adapter's 200 is only its default, never sent.
  if (outcome.network !== undefined) entry.network = outcome.network;
  else entry.status = recorded.status;
  if (recorded.body) {
    const { body, bodyBytes } = recorded.body();
    entry.body = scrubDeep(body, secrets) as SentBody<OperationId>;
    if (bodyBytes !== undefined) entry.bodyBytes = bodyBytes;
  }
  if (outcome.streamed === true)
    entry.stream = outcome.cut === true ? 'cut' : recorded.incomplete ? 'aborted' : 'completed';
  if (outcome.scenario !== undefined) entry.scenario = outcome.scenario;
  if (recorded.incomplete) entry.aborted = true;
  return entry;
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
