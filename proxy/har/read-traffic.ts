import { createReadStream } from 'node:fs';
import { displayPath } from '../../kit/files/display-path';
import { describeReadError } from '../../kit/files/describe-read-error';
import { isRecord } from '../../kit/json/guards';
import type { HarEntry } from './har-types';
import { jsonValues, JsonValuesError } from './json-values';
import { recordingEntries } from './recording-entries';

/** A file `verify` cannot read: which file, where in it, why (one line; the command exits 2). */
export class TrafficFileError extends Error {
  constructor(
    readonly file: string,
    readonly where: string,
    readonly why: string,
  ) {
    super(`${displayPath(file)}${where === '' ? '' : `:${where}`}: ${why}`);
    this.name = 'TrafficFileError';
  }
}

/** One recorded exchange, with where it is in its file (`line 12`), for messages. */
export interface RecordedEntry {
  readonly entry: HarEntry;
  readonly where: string;
}

/** Chunks read at a time: the memory a file costs is this plus the entry being read. */
const CHUNK_BYTES = 1024 * 1024;

/**
 * The exchanges a traffic file holds, one at a time, whatever its size: a HAR 1.2 document (its
 * `log.entries`), NDJSON of HAR entries (one per line), or the kit's own recording (`--record`'s
 * scripts file, docs/record-replay.md). Throws TrafficFileError for a file that cannot be read or
 * holds anything else.
 */
export async function* readTraffic(file: string): AsyncGenerator<RecordedEntry> {
  const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: CHUNK_BYTES });
  let values = 0;
  try {
    for await (const value of jsonValues(stream as AsyncIterable<string>)) {
      values++;
      const where = `${value.line}`;
      let parsed: unknown;
      try {
        parsed = JSON.parse(value.text);
      } catch (error) {
        throw new TrafficFileError(file, where, `not JSON: ${(error as Error).message}`);
      }
      if (!value.harEntry && isRecording(parsed)) {
        for (const recorded of recordingEntries(parsed, (at, why) => new TrafficFileError(file, at, why)))
          yield recorded;
        continue;
      }
      if (!value.harEntry && isRecord(parsed) && 'log' in parsed)
        throw new TrafficFileError(file, where, 'a HAR document whose log holds no entries array');
      yield { entry: harEntry(parsed, (why) => new TrafficFileError(file, where, why)), where };
    }
  } catch (error) {
    if (error instanceof TrafficFileError) throw error;
    if (error instanceof JsonValuesError) throw new TrafficFileError(file, `${error.line}`, error.message);
    throw new TrafficFileError(file, '', describeReadError(error));
  } finally {
    stream.destroy();
  }
  if (values === 0) throw new TrafficFileError(file, '', 'holds no HAR document, HAR entries or recording (empty?)');
}

function isRecording(value: unknown): boolean {
  return Array.isArray(value) || (isRecord(value) && Array.isArray(value.scripts));
}

/** The entry, when it has what the checks read (HAR 1.2: request.method and url, response.status and headers). */
function harEntry(value: unknown, fail: (why: string) => TrafficFileError): HarEntry {
  if (!isRecord(value)) throw fail('not a HAR entry (a JSON object with request and response)');
  const { request, response } = value;
  if (!isRecord(request)) throw fail('a HAR entry needs a request object');
  if (!isRecord(response)) throw fail('a HAR entry needs a response object');
  if (typeof request.method !== 'string') throw fail('request.method is not a string');
  if (typeof request.url !== 'string' || !URL.canParse(request.url))
    throw fail(`request.url is not an absolute URL: ${JSON.stringify(request.url)}`);
  if (!Array.isArray(request.headers)) throw fail('request.headers is not an array of { name, value }');
  if (typeof response.status !== 'number') throw fail('response.status is not a number');
  if (!Array.isArray(response.headers)) throw fail('response.headers is not an array of { name, value }');
  for (const [side, headers] of [
    ['request', request.headers],
    ['response', response.headers],
  ] as const) {
    const bad = (headers as unknown[]).findIndex(
      (h) => !isRecord(h) || typeof h.name !== 'string' || typeof h.value !== 'string',
    );
    if (bad >= 0) throw fail(`${side}.headers[${bad}] is not { name, value } strings`);
  }
  return value as unknown as HarEntry;
}
