/**
 * 2,000 hostile requests, seeded so a failure replays: never a 5xx, never a crash, every error
 * in the spec's ErrorEnvelope, every answer one the spec allows, Object.prototype untouched.
 */
import fc from 'fast-check';
import type { StartedMock } from '../helpers/start-mock';
import { startMock } from '../helpers/start-mock';
import type { HostileRequest } from './fuzz-requests';
import { hostileRequest, summarize, toBytes } from './fuzz-requests';
import { rawExchange } from './raw-http';
import type { RawAnswer } from './support';
import { envelopeProblem, send } from './support';

/** Fixed so a failure replays; FUZZ_SEED=<n> explores other runs. */
const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
const RUNS = 2_000;
/** Small enough that "huge" bodies also meet the 413 path. */
const BODY_LIMIT = 1024 * 1024;

/** Own properties of the built-in prototypes a polluted body would change. */
function prototypeShape(): string {
  return [Object.prototype, Array.prototype, Function.prototype, String.prototype]
    .map((proto) => Reflect.ownKeys(proto).map(String).sort().join(','))
    .join('|');
}

/** What is wrong with one answer, or undefined. */
function problem(request: HostileRequest, answer: RawAnswer): string | undefined {
  if (!(answer.status >= 200 && answer.status < 500)) return `status ${answer.status}`;
  if (request.method === 'HEAD' || answer.status === 204) return undefined;
  if (answer.status >= 400) return envelopeProblem(answer);
  const type = String(answer.headers['content-type'] ?? '');
  if (type.startsWith('text/event-stream')) {
    return answer.body.toString('utf8').trimEnd().endsWith('data: [DONE]') ? undefined : 'event stream without [DONE]';
  }
  try {
    JSON.parse(answer.body.toString('utf8'));
    return undefined;
  } catch {
    return `2xx body is not JSON (${type})`;
  }
}

describe('hostile requests (seeded fuzzing)', () => {
  let started: StartedMock;
  const logs: string[] = [];
  let port = 0;

  beforeAll(async () => {
    started = await startMock({ options: { bodyLimitBytes: BODY_LIMIT, log: (line) => logs.push(line) } });
    port = Number(new URL(started.origin).port);
  });
  afterAll(async () => {
    await started.mock.close();
  });

  it(`answers ${RUNS} hostile requests without a 5xx, always in the envelope, leaving prototypes untouched`, async () => {
    const shape = prototypeShape();
    const statuses = new Map<number, number>();
    const outcome = await fc.check(
      fc.asyncProperty(hostileRequest, async (request) => {
        const answer = await rawExchange(port, toBytes(request, port), {
          head: request.method === 'HEAD',
          timeoutMs: 10_000,
        });
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const wrong = problem(request, answer);
        if (wrong)
          throw new Error(
            `${wrong}\n${summarize(request)}\n-> ${answer.status} ${answer.body.subarray(0, 300).toString('utf8')}`,
          );
        if (prototypeShape() !== shape || ({} as Record<string, unknown>).polluted !== undefined) {
          throw new Error(`a built-in prototype changed after\n${summarize(request)}`);
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    // fast-check's own report prints the whole (possibly megabyte) counterexample; ours is short.
    if (outcome.failed) {
      const cause =
        outcome.errorInstance instanceof Error ? outcome.errorInstance.message : String(outcome.errorInstance);
      throw new Error(
        `run ${outcome.numRuns} of seed ${SEED} (path ${outcome.counterexamplePath ?? '?'}) failed: ${cause}`,
      );
    }
    expect(outcome.numRuns).toBe(RUNS);
    // The run reached every kind of outcome it is meant to exercise, not only early rejections.
    for (const status of [200, 400, 401, 404, 413]) expect(statuses.get(status) ?? 0).toBeGreaterThan(0);
    expect([...statuses.keys()].filter((s) => s >= 500)).toEqual([]);
    expect(logs.filter((line) => line.startsWith('internal error'))).toEqual([]);
    expect(started.mock.responseViolations).toEqual([]);
  }, 60_000);

  it('still serves an ordinary request after the run', async () => {
    const answer = await send(started.origin, {
      method: 'GET',
      path: '/api/v1/model/openai/gpt-4o',
      headers: { authorization: 'Bearer sk-mock-user' },
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString('utf8'))).toMatchObject({ data: { id: 'openai/gpt-4o' } });
  });
});

describe('bodies that used to break the mock', () => {
  let started: StartedMock;
  beforeAll(async () => {
    started = await startMock();
  });
  afterAll(async () => {
    await started.mock.close();
  });
  const post = (body: string): Promise<RawAnswer> =>
    send(started.origin, {
      method: 'POST',
      path: '/api/v1/responses',
      headers: { authorization: 'Bearer sk-mock-user', 'content-type': 'application/json' },
      body,
    });

  it.each([
    ['text', 10_000],
    ['reasoning', 10_000],
    ['input', 100_000],
  ])('answers 400 in the envelope to a body whose %s is nested %i levels deep', async (field, depth) => {
    const answer = await post(`{"model":"openai/gpt-4o","${field}":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`);
    expect(answer.status).toBe(400);
    expect(envelopeProblem(answer)).toBeUndefined();
  });

  it('accepts a body nested 100 levels deep where the schema allows any object', async () => {
    const answer = await post(
      `{"model":"openai/gpt-4o","input":"hello","reasoning":${'{"a":'.repeat(100)}1${'}'.repeat(100)}}`,
    );
    expect(answer.status).toBe(200);
  });

  // That such an input is tokenized in bounded slices, not as one quadratic word, is tested in
  // mocks/test/operations/create-response/tokens/count-tokens.test.ts; how fast is a figure for `npm run bench`.
  it('counts the tokens of a 1 MB input with no spaces', async () => {
    const answer = await post(JSON.stringify({ model: 'openai/gpt-4o', input: 'a'.repeat(1_000_000) }));
    expect(answer.status).toBe(200);
    expect((JSON.parse(answer.body.toString('utf8')) as { usage: { input_tokens: number } }).usage.input_tokens).toBe(
      125_000,
    );
  });
});
