import type http from 'node:http';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';
import { startStandInServer } from '../../../kit/test/support/stand-in-server';
import { idleConnectionRace } from '../../http/connection-reuse';
import { sendStream } from '../../http/send-stream';

/** A promise and the function that resolves it: the signals these tests wait on. */
function signal<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('which fetch met the idle keep-alive race', () => {
  it('tells two identical requests apart when the one sent second goes out first, on the reused connection', async () => {
    // The gateway answers GET /slow when told, and resets every other request, before any answer.
    const slowArrived = signal<http.ServerResponse>();
    const server = await startStandInServer((req, res) => {
      if (req.url === '/slow') slowArrived.resolve(res);
      else req.socket.destroy();
    });
    // The client's second connection opens only when the test lets it.
    const secondAsked = signal();
    const openSecond = signal();
    const connector = buildConnector({});
    let connections = 0;
    const agent = new Agent({
      connect: (options, callback) => {
        if (++connections !== 2) return connector(options, callback);
        secondAsked.resolve();
        void openSecond.promise.then(() => connector(options, callback));
      },
    });
    const viaAgent = (input: string, init?: RequestInit) =>
      undiciFetch(input, { ...(init as object), dispatcher: agent });
    const send = (pathAndQuery: string) =>
      sendStream({
        baseUrl: server.origin,
        method: 'GET',
        pathAndQuery,
        headers: {},
        timeoutMs: 5000,
        eventTimeoutMs: 5000,
        route: { fetch: viaAgent as unknown as typeof fetch },
      });
    const outcome = (request: Promise<unknown>) =>
      request.then(
        () => 'answered',
        (err: unknown) => (idleConnectionRace(err) ? 'idle race' : 'dropped'),
      );
    try {
      // The first connection carries GET /slow; meanwhile `first` waits for a second connection.
      const slow = send('/slow');
      const held = await slowArrived.promise;
      const first = outcome(send('/x'));
      await secondAsked.promise;
      held.end('ok');
      await slow;
      // undici frees the connection just after the answer ended: its pool says when.
      const free = () => {
        const stats = agent.stats[server.origin];
        return stats !== undefined && 'free' in stats ? stats.free : 0;
      };
      while (free() === 0) await new Promise((resolve) => setImmediate(resolve));
      // `second`, the same request, goes out at once on the first connection, now idle: reused.
      const second = await outcome(send('/x'));
      openSecond.resolve();
      // `first` then goes out on its fresh connection: a drop there is the gateway's, not the race.
      expect({ first: await first, second }).toEqual({ first: 'dropped', second: 'idle race' });
    } finally {
      await agent.close();
      await server.close();
    }
  });
});
