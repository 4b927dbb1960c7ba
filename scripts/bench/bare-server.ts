/**
 * The floor of the comparison: plain node:http answering, for each request the benchmark makes,
 * the very bytes our mock answered (captured just before). It reads the request body to the
 * end, as the mock must, and does nothing else.
 *
 * Usage: node dist/scripts/bench/bare-server.js CANNED.json PORT
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import type { CannedResponse } from './canned-response';

interface Prepared {
  readonly status: number;
  readonly headers: string[];
  readonly body: Buffer;
}

function main(): void {
  const [file, portText] = process.argv.slice(2);
  if (!file || !portText) throw new Error('usage: bare-server CANNED.json PORT');
  const canned = JSON.parse(readFileSync(file, 'utf8')) as CannedResponse[];
  const table = new Map<string, Prepared>(
    canned.map((c) => [
      `${c.method} ${c.path}`,
      { status: c.status, headers: c.headers.flat(), body: Buffer.from(c.bodyBase64, 'base64') },
    ]),
  );
  const server = http.createServer({ keepAliveTimeout: 5_000 }, (req, res) => {
    const hit = table.get(`${req.method ?? ''} ${req.url ?? ''}`);
    req.on('end', () => {
      if (!hit) {
        res.writeHead(404, { 'content-length': '0' });
        res.end();
        return;
      }
      res.writeHead(hit.status, hit.headers);
      res.end(hit.body);
    });
    req.resume();
  });
  server.listen(Number(portText), '127.0.0.1');
  process.once('SIGTERM', () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}

main();
