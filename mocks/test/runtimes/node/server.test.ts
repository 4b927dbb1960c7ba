import { createMockServer } from '../../../src/runtimes/node/server';
import { DEFAULT_LISTEN_BACKLOG } from '../../../src/core/options';

describe('createMockServer', () => {
  it.each<[string, number | undefined, number]>([
    ['a backlog for thousands of simultaneous connects by default', undefined, DEFAULT_LISTEN_BACKLOG],
    ['the backlog its options give', 64, 64],
  ])('listens with %s', async (_name, listenBacklog, want) => {
    const mock = createMockServer(listenBacklog === undefined ? {} : { options: { listenBacklog } });
    const listen = jest.spyOn(mock.server, 'listen');
    try {
      await mock.listen(0, '127.0.0.1');
      expect(listen).toHaveBeenCalledWith(expect.objectContaining({ backlog: want }), expect.any(Function));
      expect(mock.server.listening).toBe(true);
    } finally {
      await mock.close();
    }
  });
});
