import type { Server } from 'node:http';
import type { MockServer } from '../runtimes/node/server';

export type ReloadOutcome =
  | { readonly ok: true; readonly mock: MockServer; readonly ms: number }
  | { readonly ok: false; readonly reason: string };

/**
 * One listening HTTP server whose mock can be replaced while it runs. The first mock owns the
 * server (port, sockets, graceful close); a reload builds a new mock and moves the server's
 * request listener to it. Requests already in flight, streams included, finish on the mock
 * that accepted them. A build that throws changes nothing.
 */
export class ReloadableMock {
  readonly #host: MockServer;
  #current: MockServer;

  constructor(first: MockServer) {
    this.#host = first;
    this.#current = first;
  }

  /** The mock that answers new requests. */
  get current(): MockServer {
    return this.#current;
  }

  get server(): Server {
    return this.#host.server;
  }

  listen(port?: number, host?: string): Promise<string> {
    return this.#host.listen(port, host);
  }

  reload(build: () => MockServer): ReloadOutcome {
    const started = performance.now();
    let next: MockServer;
    try {
      next = build();
    } catch (err) {
      return { ok: false, reason: err instanceof Error ? err.message : String(err) };
    }
    const server = this.#host.server;
    server.removeListener('request', this.#current.listener);
    server.on('request', next.listener);
    this.#current = next;
    return { ok: true, mock: next, ms: Math.round(performance.now() - started) };
  }

  /** The host's graceful close; the current mock's streams, if it is another one, end with the host's. */
  close(graceMs?: number): Promise<void> {
    const current = this.#current;
    return this.#host.close(graceMs, current === this.#host ? undefined : () => current.endStreams());
  }
}
