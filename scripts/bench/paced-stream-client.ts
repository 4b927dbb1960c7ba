/**
 * The client of the many-paced-streams case, run as its own process (its own file descriptors and
 * event loop, so the server's lateness is not the client's): opens `streams` connections at
 * `rampPerSecond`, each sending one streaming POST with `Connection: close` (the server closes
 * first, so the client's ports are not held in TIME_WAIT), reads every event, and prints one JSON
 * line (PacedStreamsResult). Raw sockets and a minimal chunked/SSE reader keep the client cheap.
 *
 * Lateness: text delta k of a stream is due at (arrival of delta 0) + k / tokensPerSecond, the
 * mock's own schedule; lateness is arrival minus due. A stream is lost unless it answers 200, has
 * exactly `tokens` deltas and ends with `data: [DONE]`.
 *
 * Usage: node dist/scripts/bench/paced-stream-client.js '<PacedStreamsPlan as JSON>'
 */
import net from 'node:net';
import { readFileSync } from 'node:fs';

export interface PacedStreamsPlan {
  readonly port: number;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly streams: number;
  readonly tokensPerSecond: number;
  readonly tokens: number;
  readonly rampPerSecond: number;
  readonly timeoutMs: number;
}

export interface Spread {
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

export interface PacedStreamsResult {
  readonly streams: number;
  readonly completed: number;
  readonly lost: number;
  /** Why streams were lost, by reason. */
  readonly failures: Readonly<Record<string, number>>;
  readonly peakOpen: number;
  readonly events: number;
  readonly wallMs: number;
  /** Arrival of each delta after the first against its schedule, ms. */
  readonly latenessMs: Spread;
  /** The same, for deltas that arrived once every connection was open. */
  readonly latenessAfterRampMs: Spread;
  /** Request written → first delta, ms. */
  readonly firstDeltaMs: Spread;
  /** How late the client's own 20 ms timer fired: a busy client inflates lateness by about this. */
  readonly clientLoopLagMs: Spread;
  /** `Max open files` of this process (soft), as /proc reports it; null elsewhere. */
  readonly clientOpenFilesLimit: number | null;
}

const DELTA = '"type":"response.output_text.delta"';

class StreamReader {
  private buffered = '';
  private chunkLeft = -1;
  private sse = '';
  status = 0;
  deltas = 0;
  events = 0;
  done = false;
  firstDeltaAt = 0;

  constructor(
    private readonly intervalMs: number,
    private readonly onDelta: (now: number, latenessMs: number | undefined) => void,
  ) {}

  push(text: string, now: number): void {
    this.buffered += text;
    if (this.status === 0) {
      const end = this.buffered.indexOf('\r\n\r\n');
      if (end < 0) return;
      this.status = Number(this.buffered.slice(9, 12));
      this.buffered = this.buffered.slice(end + 4);
    }
    this.dechunk();
    for (let at = this.sse.indexOf('\n\n'); at >= 0; at = this.sse.indexOf('\n\n')) {
      const frame = this.sse.slice(0, at);
      this.sse = this.sse.slice(at + 2);
      this.events++;
      if (frame === 'data: [DONE]') this.done = true;
      else if (frame.includes(DELTA)) this.delta(now);
    }
  }

  private delta(now: number): void {
    if (this.deltas === 0) {
      this.firstDeltaAt = now;
      this.onDelta(now, undefined);
    } else {
      this.onDelta(now, now - (this.firstDeltaAt + this.deltas * this.intervalMs));
    }
    this.deltas++;
  }

  /** Chunked transfer coding: moves whole chunks from `buffered` to `sse`. */
  private dechunk(): void {
    for (;;) {
      if (this.chunkLeft === -1) {
        const end = this.buffered.indexOf('\r\n');
        if (end < 0) return;
        this.chunkLeft = parseInt(this.buffered.slice(0, end), 16);
        this.buffered = this.buffered.slice(end + 2);
        if (this.chunkLeft === 0) this.chunkLeft = -2;
      }
      if (this.chunkLeft === -2 || this.buffered.length < this.chunkLeft + 2) return;
      this.sse += this.buffered.slice(0, this.chunkLeft);
      this.buffered = this.buffered.slice(this.chunkLeft + 2);
      this.chunkLeft = -1;
    }
  }
}

export function spread(values: ArrayLike<number>): Spread {
  const sorted = Float64Array.from(values).sort();
  const at = (p: number): number => {
    if (sorted.length === 0) return Number.NaN;
    return Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN) * 10) / 10;
  };
  return { p50: at(0.5), p99: at(0.99), max: at(1) };
}

export function openFilesLimit(pid: number | 'self'): number | null {
  try {
    const line = readFileSync(`/proc/${pid}/limits`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    return soft === undefined ? null : soft === 'unlimited' ? Infinity : Number(soft);
  } catch {
    return null;
  }
}

function run(plan: PacedStreamsPlan): Promise<PacedStreamsResult> {
  const intervalMs = 1000 / plan.tokensPerSecond;
  const head = [
    `POST ${plan.path} HTTP/1.1`,
    'Host: 127.0.0.1',
    ...Object.entries(plan.headers).map(([name, value]) => `${name}: ${value}`),
    'Connection: close',
    `Content-Length: ${Buffer.byteLength(plan.body)}`,
  ].join('\r\n');
  const request = `${head}\r\n\r\n${plan.body}`;
  const lateness: number[] = [];
  const latenessAfterRamp: number[] = [];
  const firstDelta: number[] = [];
  const lags: number[] = [];
  const failures: Record<string, number> = {};
  let rampEndedAt = Number.POSITIVE_INFINITY;
  let open = 0;
  let peakOpen = 0;
  let finished = 0;
  let completed = 0;
  let events = 0;
  const started = performance.now();
  let lastTick = started;
  const lagTimer = setInterval(() => {
    const now = performance.now();
    lags.push(Math.max(0, now - lastTick - 20));
    lastTick = now;
  }, 20);

  return new Promise((resolve) => {
    const finish = (): void => {
      clearInterval(lagTimer);
      clearTimeout(deadline);
      resolve({
        streams: plan.streams,
        completed,
        lost: plan.streams - completed,
        failures,
        peakOpen,
        events,
        wallMs: Math.round(performance.now() - started),
        latenessMs: spread(lateness),
        latenessAfterRampMs: spread(latenessAfterRamp),
        firstDeltaMs: spread(firstDelta),
        clientLoopLagMs: spread(lags),
        clientOpenFilesLimit: openFilesLimit('self'),
      });
    };
    const sockets = new Set<net.Socket>();
    const deadline = setTimeout(() => {
      for (const socket of sockets) socket.destroy(new Error(`no [DONE] within ${plan.timeoutMs} ms`));
    }, plan.timeoutMs);
    const one = (): void => {
      const sent = performance.now();
      let failure: string | undefined;
      const reader = new StreamReader(intervalMs, (now, late) => {
        if (late === undefined) {
          firstDelta.push(now - sent);
          return;
        }
        lateness.push(late);
        if (now > rampEndedAt) latenessAfterRamp.push(late);
      });
      const socket = net.connect(plan.port, '127.0.0.1');
      sockets.add(socket);
      let connected = false;
      socket.setEncoding('latin1');
      socket.on('connect', () => {
        connected = true;
        peakOpen = Math.max(peakOpen, ++open);
        socket.write(request);
      });
      socket.on('data', (text: string) => reader.push(text, performance.now()));
      socket.on('error', (err: NodeJS.ErrnoException) => {
        failure ??= err.code ?? err.message;
      });
      socket.on('close', () => {
        sockets.delete(socket);
        if (connected) open--;
        events += reader.events;
        if (failure === undefined) {
          if (reader.status !== 200) failure = `status ${reader.status || 'none'}`;
          else if (!reader.done) failure = 'closed without [DONE]';
          else if (reader.deltas !== plan.tokens) failure = `${reader.deltas} deltas, not ${plan.tokens}`;
        }
        if (failure === undefined) completed++;
        else failures[failure] = (failures[failure] ?? 0) + 1;
        if (++finished === plan.streams) finish();
      });
    };
    // Connections are opened every 10 ms in batches, `rampPerSecond` a second.
    const batch = Math.max(1, Math.round(plan.rampPerSecond / 100));
    let opened = 0;
    const ramp = setInterval(() => {
      for (let i = 0; i < batch && opened < plan.streams; i++, opened++) one();
      if (opened >= plan.streams) {
        clearInterval(ramp);
        rampEndedAt = performance.now();
      }
    }, 10);
  });
}

if (require.main === module) {
  const plan = JSON.parse(process.argv[2] ?? '') as PacedStreamsPlan;
  void run(plan).then((result) => {
    process.stdout.write(`${JSON.stringify(result)}\n`);
    process.exit(0);
  });
}
