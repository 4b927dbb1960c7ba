import type { MockServer } from '../../../index';

/**
 * Resolves once the mock is done with the next POST /responses it receives: answered to the end,
 * or left by its client. The signal a test waits for before it looks at the mock's admin state.
 */
export function nextAnswerDone(mock: MockServer): Promise<void> {
  return new Promise((resolve) => {
    const onRequest = (req: { method?: string; url?: string }, res: { once(event: 'close', fn: () => void): void }) => {
      if (req.method !== 'POST' || !req.url?.endsWith('/responses')) return;
      mock.server.off('request', onRequest);
      res.once('close', resolve);
    };
    mock.server.on('request', onRequest);
  });
}

/** GET /__mock/state's running_streams and the newest POST /responses of GET /__mock/requests. */
export async function adminView(origin: string): Promise<{ running: number; newest: Record<string, unknown> }> {
  const state = (await (await fetch(`${origin}/__mock/state`)).json()) as { running_streams: number };
  const log = (await (await fetch(`${origin}/__mock/requests`)).json()) as { requests: Array<Record<string, unknown>> };
  const newest = log.requests.find((entry) => entry.method === 'POST' && entry.path === '/api/v1/responses');
  return { running: state.running_streams, newest: newest ?? {} };
}

/**
 * After a client aborted a stream mid-answer: it received the start of the full answer only, and
 * the mock, once `answered` (nextAnswerDone) settles, runs no stream and logs the request aborted.
 */
export async function expectAbortedMidAnswer(
  origin: string,
  answered: Promise<void>,
  received: string,
  full: string,
): Promise<void> {
  expect(full.startsWith(received)).toBe(true);
  expect(received.length).toBeLessThan(full.length);
  await answered;
  const view = await adminView(origin);
  expect(view.running).toBe(0);
  expect(view.newest).toMatchObject({ status: 200, aborted: true });
}
