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
