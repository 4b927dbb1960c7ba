/**
 * Every network-failure step delivers what docs/testing.md says it delivers, on every surface: the
 * node server (over a socket), the fetch handler (called directly) and the msw handlers under
 * each msw major the running Node can load (msw 3 needs Node 22.12 or later). One table of steps,
 * one reading of each answer: the head, then the deltas that arrived, then how the body ended.
 * The same steps for a JSON answer and the journal's view of a reset are checked here too.
 */
import { readUntilFailure } from '../../helpers/stream-helpers';
import { SURFACES } from './surfaces';
import type { Surface } from './surfaces';

interface Delivered {
  /** The status of the head, or `reset` when fetch rejected before any. */
  readonly head: number | 'reset';
  /** `response.output_text.delta` events that arrived before the body ended. */
  readonly deltas: number;
  /** How the body ended: `error` (the read failed) or `end` (it closed). */
  readonly end: 'error' | 'end' | 'none';
}

const STEPS: ReadonlyArray<[string, { step: Record<string, unknown>; want: Delivered }]> = [
  ['close-mid-body', { step: { network: 'close-mid-body' }, want: { head: 200, deltas: 1, end: 'error' } }],
  ['drop after 3', { step: { cut: { afterTokens: 3, end: 'drop' } }, want: { head: 200, deltas: 3, end: 'error' } }],
  [
    'drop after 3, paced',
    {
      step: { cut: { afterTokens: 3, end: 'drop' }, tokensPerSecond: 500 },
      want: { head: 200, deltas: 3, end: 'error' },
    },
  ],
  ['reset', { step: { network: 'reset' }, want: { head: 'reset', deltas: 0, end: 'none' } }],
];

function post(surface: Surface, stream: boolean): Promise<Response> {
  return surface.fetch(surface.url('/responses'), {
    method: 'POST',
    headers: { authorization: 'Bearer sk-mock-user', 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'openai/gpt-4o', input: 'Tell me a story about a lighthouse.', stream }),
  });
}

async function deliveredBy(surface: Surface, step: Record<string, unknown>): Promise<Delivered> {
  surface.mock().scenarios.add({ match: { operation: 'createResponse' }, respond: step });
  let response: Response;
  try {
    response = await post(surface, true);
  } catch {
    return { head: 'reset', deltas: 0, end: 'none' };
  }
  const { text, failure } = await readUntilFailure(response.body!);
  const deltas = text.match(/"type":"response\.output_text\.delta"/g)?.length ?? 0;
  return { head: response.status, deltas, end: failure === undefined ? 'end' : 'error' };
}

describe.each(SURFACES)('network-failure steps on %s', (_name, surface) => {
  beforeAll(() => surface.start());
  afterEach(() => surface.mock().reset());
  afterAll(() => surface.stop());

  it.each(STEPS)('%s delivers what the docs say', async (_step, { step, want }) => {
    expect(await deliveredBy(surface, step)).toEqual(want);
  });

  it('closes a JSON answer mid-body: the head and half its bytes, then the body fails', async () => {
    const whole = await (await post(surface, false)).text();
    surface.mock().scenarios.add({ match: { operation: 'createResponse' }, respond: { network: 'close-mid-body' } });
    const response = await post(surface, false);
    expect(response.status).toBe(200);
    const { text, failure } = await readUntilFailure(response.body!);
    expect(failure).toBeDefined();
    // About half the answer's bytes: its start, which does not parse on its own.
    expect(text.length).toBeGreaterThan(whole.length / 4);
    expect(text.length).toBeLessThan(whole.length);
    expect(text.startsWith('{"')).toBe(true);
    expect(() => JSON.parse(text) as unknown).toThrow();
  });

  it("rejects a reset as fetch does: a TypeError whose cause is an Error with code 'ECONNRESET'", async () => {
    surface.mock().scenarios.add({ match: { operation: 'createResponse' }, respond: { network: 'reset' } });
    const failure: unknown = await post(surface, false).then(
      () => undefined,
      (error: unknown) => error,
    );
    // By name, not instanceof: node's fetch makes its errors in the realm outside jest's sandbox.
    expect(failure).toMatchObject({ name: 'TypeError', message: expect.any(String) as unknown });
    const cause = (failure as { cause?: unknown }).cause;
    expect(Object.prototype.toString.call(cause)).toBe('[object Error]');
    expect(cause).toMatchObject({ code: 'ECONNRESET', message: expect.stringContaining('ECONNRESET') as unknown });
  });

  it('journals a reset as a network failure, with no status', async () => {
    await deliveredBy(surface, { network: 'reset' });
    const [entry] = surface.mock().requests({ operation: 'createResponse' });
    expect(entry).toMatchObject({ network: 'reset', aborted: true, scenario: 'scenario-1' });
    expect(entry).not.toHaveProperty('status');
  });
});
