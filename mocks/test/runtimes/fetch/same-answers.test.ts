/**
 * One core, two adapters, the same answers: every request below goes to the node:http server (over
 * a socket) and through createFetchHandler (in-process), in the same order, so both mocks go
 * through the same states. Statuses, the headers that matter and the bodies must be equal, ids
 * included (they derive from each mock's own counter); only times differ. Every stream the fetch
 * adapter makes must also pass the contract's stream oracle (kit/stream).
 */
import { createFetchHandler, startInProcessMock } from '../../../index';
import type { MockFetchHandler, RunningMock } from '../../../index';
import { contractStreamProblems, parseSse } from '../../helpers/stream-helpers';
import { answerOf, OPTIONS, requestOf, STEPS, withoutTimes } from '../../helpers/same-answer-steps';

describe('the same answers from the node server and the fetch handler', () => {
  let server: RunningMock;
  let handler: MockFetchHandler;
  const earlierNode = new Map<string, unknown>();
  const earlierFetch = new Map<string, unknown>();

  beforeAll(async () => {
    server = await startInProcessMock({ options: OPTIONS });
    handler = createFetchHandler({ options: OPTIONS });
  });

  afterAll(async () => {
    await server.close();
  });

  it.each(STEPS)(
    'answers %s alike (%i)',
    async (name, status, step) => {
      const origin = new URL(server.baseUrl).origin;
      const viaNode = await answerOf(await fetch(`${origin}${step.path}`, requestOf(step, earlierNode)));
      const viaFetch = await answerOf(
        await handler(new Request(`http://mock.test${step.path}`, requestOf(step, earlierFetch))),
      );
      expect(viaNode.status).toBe(status);
      expect(viaFetch.status).toBe(status);
      expect(viaFetch.headers).toEqual(viaNode.headers);
      expect(withoutTimes(viaFetch.text)).toBe(withoutTimes(viaNode.text));
      if (viaFetch.headers['content-type']?.startsWith('application/json') && viaFetch.text !== '') {
        earlierNode.set(name, JSON.parse(viaNode.text));
        earlierFetch.set(name, JSON.parse(viaFetch.text));
      }
      if (viaFetch.headers['content-type']?.startsWith('text/event-stream')) {
        const { events, done } = parseSse(viaFetch.text);
        expect(done).toBe(true);
        expect(contractStreamProblems(events)).toEqual([]);
      }
    },
    120_000,
  );

  it('breaks no rule of the contract on either side (test mode)', () => {
    expect(handler.responseViolations).toEqual([]);
    expect(server.mock.responseViolations).toEqual([]);
  });
});
