/**
 * The msw handlers give the node server's answers: every request of the same-answers steps goes to
 * the node:http server (over a socket) and to the msw handlers (msw's setupServer, through the
 * global fetch), in the same order. Statuses, the headers that matter and the bodies must be
 * equal, ids included; only times differ. Every stream the handlers make passes the contract's
 * stream oracle. The handlers are given the tokenizer's ranks (`tokenRanks`), as the node server
 * has its own, and the steps start once they have loaded: token counts are then exact on both
 * sides. Two differences are the handlers' by design, and tested as such: `Prefer`
 * scenarios (Prism runs in Node only) get a one-line 501, and a URL outside the base path and
 * `/__mock/` is not theirs to answer.
 */
import { setupServer } from 'msw/node';
import o200kRanks from 'gpt-tokenizer/bpeRanks/o200k_base';
import { startInProcessMock } from '../../../index';
import type { RunningMock } from '../../../index';
import { createHandlers, PREFER_NEEDS_NODE } from '../../../msw';
import type { MockHandlers } from '../../../msw';
import { contractStreamProblems, parseSse } from '../../helpers/stream-helpers';
import { answerOf, OPTIONS, requestOf, STEPS, withoutTimes } from '../../helpers/same-answer-steps';
import type { Answer } from '../../helpers/same-answer-steps';

const MSW_ORIGIN = 'http://msw.test';
/** Steps whose answer is not the handlers' to give (see the file's comment). */
const OUTSIDE = new Set(['a path outside the API (404)']);
/** The request log lists those steps too, with their own statuses. */
const LOGS = new Set(['the request log']);

let server: RunningMock;
let mock: MockHandlers;
const msw = setupServer();
const earlierNode = new Map<string, unknown>();
const earlierMsw = new Map<string, unknown>();

beforeAll(async () => {
  server = await startInProcessMock({ options: OPTIONS });
  const ranks = Promise.resolve(o200kRanks);
  mock = createHandlers({ baseUrl: `${MSW_ORIGIN}/api/v1`, options: OPTIONS, tokenRanks: () => ranks });
  // The mock takes the ranks when their load resolves, before this line goes on.
  await ranks;
  msw.use(...mock.handlers);
  // The node server's own requests go through untouched.
  msw.listen({ onUnhandledRequest: 'bypass' });
});

afterAll(async () => {
  msw.close();
  await server.close();
});

describe('the same answers from the node server and the msw handlers', () => {
  it.each(STEPS.filter(([name]) => !OUTSIDE.has(name)))(
    'answers %s alike (%i)',
    async (name, status, step) => {
      const origin = new URL(server.baseUrl).origin;
      const viaNode = await answerOf(await fetch(`${origin}${step.path}`, requestOf(step, earlierNode)));
      const viaMsw = await answerOf(await fetch(`${MSW_ORIGIN}${step.path}`, requestOf(step, earlierMsw)));
      if (step.headers?.prefer !== undefined) {
        expectPreferRefused(viaMsw);
        return;
      }
      expect(viaNode.status).toBe(status);
      expect(viaMsw.status).toBe(status);
      expect(viaMsw.headers).toEqual(viaNode.headers);
      if (!LOGS.has(name)) expect(withoutTimes(viaMsw.text)).toBe(withoutTimes(viaNode.text));
      if (viaMsw.headers['content-type']?.startsWith('application/json') && viaMsw.text !== '') {
        earlierNode.set(name, JSON.parse(viaNode.text));
        earlierMsw.set(name, JSON.parse(viaMsw.text));
      }
      if (viaMsw.headers['content-type']?.startsWith('text/event-stream')) {
        const { events, done } = parseSse(viaMsw.text);
        expect(done).toBe(true);
        expect(contractStreamProblems(events)).toEqual([]);
      }
    },
    120_000,
  );

  it('leaves a URL outside the base path and /__mock/ to the network', async () => {
    const unhandled: string[] = [];
    msw.events.on('request:unhandled', ({ request }) => unhandled.push(request.url));
    await expect(fetch(`${MSW_ORIGIN}/elsewhere`)).rejects.toThrow();
    expect(unhandled).toEqual([`${MSW_ORIGIN}/elsewhere`]);
  });

  it('breaks no rule of the contract on either side (test mode)', () => {
    expect(mock.responseViolations).toEqual([]);
    expect(server.mock.responseViolations).toEqual([]);
  });
});

function expectPreferRefused(answer: Answer): void {
  expect(answer.status).toBe(501);
  expect(JSON.parse(answer.text)).toEqual({ error: { code: 501, message: PREFER_NEEDS_NODE } });
}
