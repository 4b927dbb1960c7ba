/**
 * The floor of the many-paced-streams case: plain node:http replaying the very event stream our
 * mock sent for the same request (captured unpaced just before), paced the way the mock paces it:
 * everything up to the first text delta at once, delta k at start + k / tokens per second (from
 * the mock's tokens-per-second header), the rest after the last delta. One timer per stream, listen backlog
 * 4,096 like the mock. Any GET answers 200 `{}` (the readiness probe).
 *
 * Usage: node dist/scripts/bench/bare-sse-server.js CAPTURED.json PORT
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { TOKENS_PER_SECOND_HEADER } from '../../mocks/src/exchange/stream/pacing';

/** A captured stream: response headers (flat name/value list) and its SSE frames, each ending in a blank line. */
export interface CapturedStream {
  readonly headers: readonly string[];
  readonly frames: readonly string[];
}

const DELTA = '"type":"response.output_text.delta"';

/** The frames cut where pacing waits: before the first delta and after each delta. */
export function pacedParts(frames: readonly string[]): string[] {
  const parts: string[] = [];
  let current = '';
  let seenDelta = false;
  for (const frame of frames) {
    const isDelta = frame.includes(DELTA);
    if (isDelta && seenDelta) {
      parts.push(current);
      current = '';
    }
    seenDelta ||= isDelta;
    current += frame;
  }
  parts.push(current);
  return parts;
}

function main(): void {
  const [file, portText] = process.argv.slice(2);
  if (!file || !portText) throw new Error('usage: bare-sse-server CAPTURED.json PORT');
  const captured = JSON.parse(readFileSync(file, 'utf8')) as CapturedStream;
  const parts = pacedParts(captured.frames);
  const headers = [...captured.headers];
  const server = http.createServer((req, res) => {
    req.on('end', () => {
      if (req.method !== 'POST') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '2' });
        res.end('{}');
        return;
      }
      const tokensPerSecond = Number(req.headers[TOKENS_PER_SECOND_HEADER] ?? 0);
      const intervalMs = tokensPerSecond > 0 ? 1000 / tokensPerSecond : 0;
      res.writeHead(200, headers);
      res.write(parts[0] ?? '');
      const start = performance.now();
      let next = 1;
      const tick = (): void => {
        if (next === parts.length - 1) {
          res.end(parts[next]);
          return;
        }
        res.write(parts[next] ?? '');
        next++;
        setTimeout(tick, Math.max(0, start + next * intervalMs - performance.now()));
      };
      if (parts.length === 1) res.end();
      else setTimeout(tick, intervalMs);
    });
    req.resume();
  });
  server.listen({ port: Number(portText), host: '127.0.0.1', backlog: 4096 });
  process.once('SIGTERM', () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}

if (require.main === module) main();
