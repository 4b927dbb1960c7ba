import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { trackConnections } from './connections';
import { gracefulCloser } from './graceful-close';
import { answerClientError, cutOffStalledReaders, serverTimeoutOptions } from './server-timeouts';
import type { MockControls, MockCore } from '../../core/mock-core';
import { buildMock } from '../build-mock';
import { nodeListener } from './node-listener';
import { nodeSetup } from './node-setup';
import type { MockServerInit } from './node-setup';

export type { MockServerInit };

export interface MockServer extends MockControls {
  readonly server: http.Server;
  /** This instance's request listener; `--watch` swaps a reloaded one onto the listening server. */
  readonly listener: http.RequestListener;
  /** Starts listening (default 127.0.0.1 on a free port) and resolves to the API base URL. */
  listen(port?: number, host?: string): Promise<string>;
  /**
   * Stops accepting, lets in-flight requests finish for up to `graceMs`, then ends the streams
   * still running with a failure their clients can read (RequestContext.shutdown) and closes
   * what is left. `alsoEnding` runs at that moment too (the reloaded mocks of `--watch`).
   */
  close(graceMs?: number, alsoEnding?: () => void): Promise<void>;
  /** Event streams running now (what `GET /__mock/state` reports as `running_streams`). */
  runningStreams(): number;
}

/** Builds one independent mock: its own store, validators and server. */
export function createMockServer(init: MockServerInit = {}): MockServer {
  return buildMock(nodeSetup(init), serverOver);
}

/** The node server over one core: its listener, timeouts, stalled-reader watch and graceful close. */
function serverOver(core: MockCore): Omit<MockServer, keyof MockControls> {
  const { options, streams, endStreams } = core;
  const listener = nodeListener(core);
  const server = http.createServer(serverTimeoutOptions(options.timeouts), listener);
  const connections = trackConnections(server);
  const closeServer = gracefulCloser(server, connections);
  const stopStallWatch = cutOffStalledReaders(connections, options.timeouts);
  server.once('close', stopStallWatch);
  server.on('clientError', answerClientError);

  let baseUrl: string | undefined;
  return {
    server,
    listener,
    listen(port = 0, host = '127.0.0.1') {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen({ port, host, backlog: options.listenBacklog }, () => {
          server.off('error', reject);
          const address = server.address() as AddressInfo;
          const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
          baseUrl = `http://${shownHost}:${address.port}${options.basePath}`;
          resolve(baseUrl);
        });
      });
    },
    close(graceMs = 2_000, alsoEnding) {
      return closeServer(graceMs, () => {
        endStreams();
        alsoEnding?.();
      });
    },
    runningStreams: () => streams.size,
  };
}
