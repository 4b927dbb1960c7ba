/**
 * The floor of the comparison: plain node:http answering, for each request the benchmark makes,
 * the very bytes our mock answered (captured just before). It reads the request body to the
 * end, as the mock must, and does nothing else.
 *
 * With `--fresh-ids` (the proxy's upstream), each answer to a POST gets an id of its own, as a
 * gateway's created responses do: the last 8 characters of the body's first `"id"` value become a
 * counter, the length unchanged. Answers to GET stay byte for byte the same, as a gateway's do.
 *
 * Usage: node dist/scripts/bench/bare-server.js CANNED.json PORT [--fresh-ids]
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import type { CannedResponse } from './canned-response';

interface Prepared {
  readonly status: number;
  readonly headers: string[];
  readonly body: Buffer;
  /** Where a fresh id's counter is written, with `--fresh-ids`. */
  readonly idAt?: number;
}

const ID_DIGITS = 8;

/** The offset of the last ID_DIGITS characters of the first `"id":"…"` value, if it is that long. */
function idOffset(body: Buffer): number | undefined {
  const text = body.toString('latin1');
  const match = /"id"\s*:\s*"([^"\\]*)"/.exec(text);
  if (!match || (match[1] ?? '').length < ID_DIGITS) return undefined;
  return match.index + match[0].length - 1 - ID_DIGITS;
}

function main(): void {
  const [file, portText, option] = process.argv.slice(2);
  if (!file || !portText || (option !== undefined && option !== '--fresh-ids'))
    throw new Error('usage: bare-server CANNED.json PORT [--fresh-ids]');
  const freshIds = option === '--fresh-ids';
  const canned = JSON.parse(readFileSync(file, 'utf8')) as CannedResponse[];
  const table = new Map<string, Prepared>(
    canned.map((c) => {
      const body = Buffer.from(c.bodyBase64, 'base64');
      const idAt = freshIds && c.method === 'POST' ? idOffset(body) : undefined;
      return [
        `${c.method} ${c.path}`,
        { status: c.status, headers: c.headers.flat(), body, ...(idAt === undefined ? {} : { idAt }) },
      ];
    }),
  );
  let answered = 0;
  const server = http.createServer({ keepAliveTimeout: 5_000 }, (req, res) => {
    const hit = table.get(`${req.method ?? ''} ${req.url ?? ''}`);
    req.on('end', () => {
      if (!hit) {
        res.writeHead(404, { 'content-length': '0' });
        res.end();
        return;
      }
      res.writeHead(hit.status, hit.headers);
      if (hit.idAt === undefined) {
        res.end(hit.body);
        return;
      }
      const body = Buffer.from(hit.body);
      body.write((answered++ % 0x1_0000_0000).toString(16).padStart(ID_DIGITS, '0'), hit.idAt, 'latin1');
      res.end(body);
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
