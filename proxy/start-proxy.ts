import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Contract } from '../kit/contract/contract';
import { loadContract } from '../kit/contract/contract';
import { observeTraffic } from '../conformance/index';
import type { ConformanceReport, Failure, ObservedBounds } from '../conformance/index';
import { REQUEST_VALID } from './check-exchange';
import { createRecorder } from './record-exchange';
import { createCheckQueue } from './check-queue';
import { relay, upstreamAt } from './relay';
import type { ReadRelayed, Relayed } from './relay';
import { createJudge } from './judge-relayed';
import { HarFile } from './har/har-file';
import { KnownSecrets } from './redact';
import { refusalOf } from './parser-refusal';
import { secretNames } from '../kit/secrets/secret-names';
import { GatewayError, answerClientError, errorEnvelopeJson } from '../mocks/index';
import { compileAnswerSchemas } from '../kit/stream/answer-schemas';

/** Where the proxy lists what it found; the only path it answers itself. */
export const VIOLATIONS_PATH = '/__mock/violations';

export interface ProxyInit {
  /** The gateway's base URL, e.g. `https://gateway.example/api/v1`; the proxy serves the same path. */
  readonly upstream: string;
  /** The spec to check against; the built-in one by default. */
  readonly contract?: Contract;
  readonly port?: number;
  readonly host?: string;
  /** Receives one line per violation as it is found (`proxy: ✗ …`); silent by default. */
  readonly log?: (line: string) => void;
  /**
   * Records each POST /responses exchange into this scripts file, which the mock replays with
   * `--scripts` (docs/record-replay.md). Off by default.
   */
  readonly record?: string;
  /**
   * Appends each exchange to this HAR 1.2 file as it ends (`--har FILE`), secrets scrubbed, streams
   * whole as text; the file is a valid HAR at every moment and `verify` reads it back. Off by default.
   */
  readonly har?: string;
  /**
   * Header names secret besides kit/secrets' rule (`--redact NAME`): their values never reach a
   * report, a line printed or a recording; members of these names are left out of recordings.
   */
  readonly redact?: readonly string[];
  /**
   * How much of the traffic the reports keep in full (`--keep-exchanges`, `--keep-examples`); the
   * rest is counted, so memory and the time to write the reports do not grow with the run.
   */
  readonly keep?: Partial<ObservedBounds>;
}

export interface RunningProxy {
  /** Where clients send their requests: this proxy's origin and the gateway's base path. */
  readonly baseUrl: string;
  /** Exchanges checked so far. */
  readonly exchanges: number;
  /**
   * The violations kept so far (all of the first ones, then examples per cause: `keep`), as the
   * suite reports a failure: the gateway's, then the client findings (its requests that break the contract).
   */
  violations(): Failure[];
  /** Violations found so far, kept or only counted: the gateway's and the client findings. */
  readonly violationCount: number;
  /** The gateway's violations so far: what `passed`, the feature matrix and the default exit status describe. */
  readonly gatewayViolationCount: number;
  /** Requests the clients sent that break the contract (the proxy's `request-valid`), so far. */
  readonly clientFindingCount: number;
  /** The traffic so far as conformance.json holds a run. */
  report(): ConformanceReport;
  /** Writes junit.xml, conformance.json and conformance.html into `dir`; returns their paths. */
  writeReports(dir: string): string[];
  /**
   * Stops accepting, lets exchanges in flight finish for up to `graceMs`, then cuts what is left
   * (aborting their requests to the gateway). With `record`, resolves once the recording file
   * holds every exchange, and rejects if it could not be written.
   */
  close(graceMs?: number): Promise<void>;
}

/**
 * A contract-validating proxy: forwards every request to the gateway unchanged (keys included),
 * relays each answer as it arrives, streams event by event, and checks both against the spec.
 */
export async function startProxy(init: ProxyInit): Promise<RunningProxy> {
  const upstream = new URL(init.upstream);
  const basePath = upstream.pathname.replace(/\/+$/, '');
  const contract = init.contract ?? loadContract();
  // Before the first exchange, not in the middle of the traffic: ajv takes most of a second.
  compileAnswerSchemas(contract);
  const traffic = observeTraffic(contract, {
    baseUrl: `${upstream.origin}${basePath}`,
    source: 'proxy',
    clientChecks: [REQUEST_VALID.name],
    ...(init.keep === undefined ? {} : { bounds: init.keep }),
  });
  const secrets = new KnownSecrets(secretNames(init.redact));
  const log = init.log ?? (() => undefined);
  const recorder =
    init.record === undefined
      ? undefined
      : createRecorder({ file: init.record, contract, upstream: init.upstream, secrets, log });
  const har = init.har === undefined ? undefined : new HarFile(init.har, secrets);
  const taps: Array<(relayed: ReadRelayed) => void> = [];
  if (recorder) taps.push((relayed) => recorder.record(relayed));
  if (har)
    taps.push((relayed) => {
      try {
        har.append(relayed);
      } catch (error) {
        // A HAR that cannot be written (a full disk) is a line, never a proxy that stops relaying.
        log(`proxy: the HAR file ${har.path} could not be written: ${(error as Error).message}`);
      }
    });
  const judge = createJudge({ contract, traffic, basePath, secrets, log, taps });
  /** One for the proxy's life: the relay works out its address once. */
  const gateway = upstreamAt(upstream);
  let inFlight = 0;
  let closing = false;
  /** Exchanges not yet relayed: `close` waits for them, so the reports hold every one. */
  const pending = new Set<Promise<void>>();
  // Read there for the recording, the HAR file and the checks alike, and dropped with them (KeptBody).
  const queue = createCheckQueue<Relayed>((kept) => judge.judge(kept));

  const server = http.createServer((req, res) => {
    const path = req.url ?? '';
    if (path.startsWith(VIOLATIONS_PATH) && isViolationsPath(path) && req.method === 'GET') {
      queue.flush();
      const body = JSON.stringify(
        {
          exchanges: traffic.exchanges,
          found: traffic.failureCount + traffic.clientFindingCount,
          gateway: traffic.failureCount,
          client: traffic.clientFindingCount,
          violations: [...traffic.failures(), ...traffic.clientFindings()],
        },
        null,
        2,
      );
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' });
      res.end(body);
      return;
    }
    if (!path.startsWith('/')) {
      res.writeHead(400, { 'content-type': 'application/json; charset=utf-8' });
      res.end(
        errorEnvelopeJson(
          new GatewayError(400, 'The proxy takes origin-form request targets (a path), not absolute URLs'),
        ),
      );
      return;
    }
    inFlight++;
    const exchange = relay(req, res, gateway).then((relayed) => {
      inFlight--;
      if (closing && inFlight === 0) server.closeAllConnections();
      if (judge.admit(relayed)) queue.add(relayed);
    });
    pending.add(exchange);
    void exchange.finally(() => pending.delete(exchange));
  });
  // What node's parser refuses (a NUL or control byte in a header) never reaches the gateway: the
  // client gets the mock's answer, the contract's envelope, and the reports say the proxy refused it.
  // A socket error (ECONNRESET) or a client too slow to send its request is no refusal of its bytes.
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    answerClientError(err, socket);
    if (!isRefusal(err)) return;
    const refusal = traffic.refused(refusalOf(err, secrets));
    log(`proxy: ⚠ ${refusal.message}`);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(init.port ?? 0, init.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  }).catch((error: unknown) => {
    // A proxy that never listened leaves no file open (its HAR holds no entry: a valid, empty HAR).
    har?.close();
    void gateway.pool.destroy();
    throw error;
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    baseUrl: `http://${shownHost}:${address.port}${basePath}`,
    get exchanges() {
      queue.flush();
      return traffic.exchanges;
    },
    violations: () => (queue.flush(), [...traffic.failures(), ...traffic.clientFindings()]),
    get violationCount() {
      queue.flush();
      return traffic.failureCount + traffic.clientFindingCount;
    },
    get gatewayViolationCount() {
      queue.flush();
      return traffic.failureCount;
    },
    get clientFindingCount() {
      queue.flush();
      return traffic.clientFindingCount;
    },
    report: () => (queue.flush(), traffic.report()),
    writeReports: (dir) => (queue.flush(), traffic.writeReports(dir)),
    close(graceMs = 2_000) {
      closing = true;
      return new Promise((resolve, reject) => {
        server.close(() => {
          void gateway.pool.destroy();
          void Promise.all(pending)
            .then(() => queue.flush())
            .then(() => har?.close())
            .then(() => recorder?.settled())
            .then(() => resolve(), reject);
        });
        server.closeIdleConnections();
        if (inFlight === 0) server.closeAllConnections();
        const cut = setTimeout(() => server.closeAllConnections(), graceMs);
        cut.unref();
        server.once('close', () => clearTimeout(cut));
      });
    },
  };
}

/**
 * Whether node's parser refused the bytes a client sent, rather than the client going away: a
 * connection reset, or closed before its request was whole (HPE_INVALID_EOF_STATE), is no refusal.
 */
function isRefusal(err: NodeJS.ErrnoException): boolean {
  return err.code !== undefined && err.code.startsWith('HPE_') && err.code !== 'HPE_INVALID_EOF_STATE';
}

function isViolationsPath(path: string): boolean {
  return path.length === VIOLATIONS_PATH.length || path[VIOLATIONS_PATH.length] === '?';
}
