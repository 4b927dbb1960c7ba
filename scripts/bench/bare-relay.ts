/**
 * The floor of the proxy's figures: plain node:http relaying every request to the same upstream
 * the proxy forwards to, over kept-alive connections, and piping the answer back as it arrives.
 * It drops the hop-by-hop headers a relay must not pass on and does nothing else: no checks, no
 * copies. Any relay in node does at least this much work per exchange.
 *
 * Usage: node dist/scripts/bench/bare-relay.js UPSTREAM_ORIGIN PORT
 */
import http from 'node:http';

const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'host', 'te', 'trailer', 'upgrade'];

function main(): void {
  const [origin, portText] = process.argv.slice(2);
  if (!origin || !portText) throw new Error('usage: bare-relay UPSTREAM_ORIGIN PORT');
  const upstream = new URL(origin);
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer({ keepAliveTimeout: 5_000 }, (req, res) => {
    const headers = { ...req.headers };
    for (const name of HOP_BY_HOP) delete headers[name];
    const outgoing = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, agent },
      (answer) => {
        const back = { ...answer.headers };
        for (const name of HOP_BY_HOP) delete back[name];
        res.writeHead(answer.statusCode ?? 502, back);
        answer.pipe(res);
      },
    );
    outgoing.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-length': '0' });
      res.end();
    });
    res.on('close', () => {
      if (!res.writableFinished) outgoing.destroy();
    });
    req.pipe(outgoing);
  });
  server.listen({ port: Number(portText), host: '127.0.0.1', backlog: 4096 });
  process.once('SIGTERM', () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}

main();
