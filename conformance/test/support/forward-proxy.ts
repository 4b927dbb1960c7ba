import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

/** A corporate proxy on 127.0.0.1: forwards plain-HTTP requests given as absolute URLs and tunnels CONNECT. */
export interface ForwardProxy {
  /** `http://127.0.0.1:PORT`: what HTTP_PROXY / HTTPS_PROXY hold. */
  readonly url: string;
  /** What it was asked, in order: `GET http://host/path` or `CONNECT host:port`. */
  readonly seen: string[];
  close(): Promise<void>;
}

/**
 * Starts a forward proxy. It resolves every host name to 127.0.0.1 (the runner cannot resolve
 * them, only the proxy can, as with a gateway on a network only the proxy reaches); with
 * `requireAuth`, it answers 407 to everything instead.
 */
export async function startForwardProxy(options: { requireAuth?: boolean } = {}): Promise<ForwardProxy> {
  const seen: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    seen.push(`${req.method ?? ''} ${req.url ?? ''}`);
    if (options.requireAuth) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="corp"' });
      res.end();
      return;
    }
    const target = new URL(req.url ?? '');
    const relayed = http.request(
      {
        host: '127.0.0.1',
        port: target.port,
        method: req.method,
        path: target.pathname + target.search,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    relayed.on('error', () => res.destroy());
    req.pipe(relayed);
  });
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    seen.push(`CONNECT ${req.url ?? ''}`);
    client.on('error', () => undefined);
    if (options.requireAuth) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="corp"\r\n\r\n');
      return;
    }
    const port = Number(/:(\d+)$/.exec(req.url ?? '')?.[1]);
    const upstream = net.connect(port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
