import type { Contract, ExchangeToRecord, FixtureRecordedEvent, FixtureScript } from '../mocks/index';
import { createRequestInspector, recordedScript } from '../mocks/index';
import { isRecord } from '../kit/json/guards';
import type { ReadRelayed } from './relay';
import { RecordingFile } from './recording-file';
import { redact } from './redact';
import type { KnownSecrets } from './redact';

export interface RecorderInit {
  /** The scripts file to write (`--record FILE`). */
  readonly file: string;
  readonly contract: Contract;
  /** The gateway's base URL: where the recordings come from, and whose path prefix is taken off. */
  readonly upstream: string;
  /** The secrets seen so far, and the rule of what is secret (kit/secrets, with `--redact NAME`). */
  readonly secrets: KnownSecrets;
  /** Receives one line per exchange that could not be recorded, and why. */
  readonly log: (line: string) => void;
}

export interface Recorder {
  /** Records an exchange the proxy relayed, if it is a POST /responses that can be replayed. */
  record(relayed: ReadRelayed): void;
  /** Resolves once the file holds every recording made so far. */
  settled(): Promise<void>;
}

/**
 * The proxy's recording tap (`--record FILE`, docs/record-replay.md): it reads the exchange the
 * relay already assembled once it is over, so the client's bytes are never held back or changed.
 * It records each POST /responses the spec accepts (the mock's request checks), answered with JSON
 * or a complete stream; an answer about the key (401) or one the gateway broke off is not recorded.
 * No header is written; secrets (the values of secret headers seen so far, credential members and
 * the names given with --redact) are redacted.
 */
export function createRecorder(init: RecorderInit): Recorder {
  const file = new RecordingFile(init.file, init.contract, (error) =>
    init.log(`proxy: the recording ${init.file} could not be written: ${error.message}`),
  );
  const inspect = createRequestInspector(init.contract);
  const upstream = new URL(init.upstream);
  const basePath = upstream.pathname.replace(/\/+$/, '');
  const from = `${upstream.origin}${basePath}`;
  return {
    record(relayed) {
      if (relayed.method !== 'POST' || new URL(relayed.url).pathname !== `${basePath}/responses`) return;
      try {
        recordOne(relayed);
      } catch (error) {
        // A recording that fails is a line, never a proxy that stops relaying.
        init.log(`proxy: not recorded: POST /responses: ${(error as Error).message}`);
      }
    },
    settled: () => file.settled(),
  };

  function recordOne(relayed: ReadRelayed): void {
    const exchange = toRecord(relayed, inspect, from);
    if (typeof exchange === 'string')
      return init.log(`proxy: not recorded: POST /responses → ${relayed.status ?? 'no answer'}: ${exchange}`);
    const script = recordedScript(exchange);
    if (typeof script === 'string') return init.log(`proxy: not recorded: POST /responses: ${script}`);
    file.add(redact(script, init.secrets.names, init.secrets.asRedacted()) as FixtureScript);
  }
}

function toRecord(
  relayed: ReadRelayed,
  inspect: ReturnType<typeof createRequestInspector>,
  from: string,
): ExchangeToRecord | string {
  if (relayed.transportError !== undefined) return relayed.transportError;
  if (relayed.status === undefined || relayed.body === undefined) return 'no answer';
  if (relayed.status === 401) return 'an answer about the key, which the mock gives itself';
  if (relayed.body.unreadable !== undefined) return relayed.body.unreadable;
  const inspection = inspect({
    method: 'POST',
    path: '/responses',
    queryString: '',
    headers: relayed.requestHeaders,
    body: relayed.requestBody,
  });
  if (inspection.problems.length > 0) return `the request breaks the spec: ${inspection.problems[0]}`;
  const request = JSON.parse(relayed.requestBody?.toString('utf8') ?? '{}') as ExchangeToRecord['request'];
  const at = new Date().toISOString();
  const { stream, text } = relayed.body;
  if (stream !== undefined) {
    if (relayed.status !== 200) return 'an event stream with an error status';
    const events: FixtureRecordedEvent[] = [];
    for (const event of stream.events) {
      if (isRecord(event.json) && typeof event.json.type === 'string')
        events.push({ at_ms: Math.max(0, Math.round(event.atMs)), event: event.json as FixtureRecordedEvent['event'] });
    }
    if (!stream.sawDone || events.length === 0) return 'the stream did not end with [DONE]';
    return { request, status: 200, events, at, from };
  }
  const json = parse(text);
  if (!isRecord(json)) return 'the answer is not a JSON object';
  if (relayed.status !== 200 && !isRecord(json.error)) return 'the error answer is not an ErrorEnvelope';
  return { request, status: relayed.status, json, at, from };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
