/** Shared by the reliability tests: raw HTTP calls, a seeded generator, settle loops. */
import http from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';

export interface RawAnswer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: Buffer;
}

export interface RawRequest {
  readonly method: string;
  /** Path and query, sent as given. */
  readonly path: string;
  /** Array values are sent as repeated header lines. */
  readonly headers?: http.OutgoingHttpHeaders;
  readonly body?: string | Buffer;
}

/** One request over node:http, the whole answer buffered. Rejects only on socket errors. */
export function send(origin: string, request: RawRequest, agent: http.Agent | false = false): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      origin + request.path,
      { method: request.method, headers: request.headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end(request.body);
  });
}

/** A small seeded generator (mulberry32): the same seed gives the same run, no global state. */
export { seededRandom } from '../../../kit/sample/seeded-random';

/** Polls `done` every 20 ms until it holds or `timeoutMs` passes; returns whether it held. */
export async function settle(done: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await done()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Live resources of this process by kind (`TCPSocketWrap`, `Timeout`, ...). */
export function resourceCounts(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const kind of process.getActiveResourcesInfo()) counts[kind] = (counts[kind] ?? 0) + 1;
  return counts;
}

/** A full garbage collection; jest runs without --expose-gc, so the flag is set at run time. */
export function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  gc();
  gc();
}

/** Undefined for the spec's ErrorEnvelope, or a description of why the body is not one. */
export function envelopeProblem(answer: RawAnswer): string | undefined {
  const type = String(answer.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) return `content-type ${type || 'missing'}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body.toString('utf8'));
  } catch {
    return `body is not JSON: ${answer.body.toString('utf8').slice(0, 120)}`;
  }
  const error = (parsed as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (typeof error !== 'object' || error === null) return 'no error object';
  if (error.code !== answer.status) return `error.code ${String(error.code)} is not the status ${answer.status}`;
  if (typeof error.message !== 'string' || error.message === '') return 'error.message missing';
  return undefined;
}
