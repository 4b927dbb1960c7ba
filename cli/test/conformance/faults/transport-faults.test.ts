import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { startStandInServer } from '../../../../kit/test/support/stand-in-server';
import { runConformanceCli } from '../../../run-conformance-cli';
import { cliHarness } from '../support/cli-harness';
import { startForwardProxy } from '../../../../conformance/test/support/forward-proxy';
import { privateCaCertificates, startTlsGateway } from '../../../../conformance/test/support/tls-gateway';

/**
 * Gateways as deployments put them in front of a CI job: behind TLS, load balancers and proxies,
 * or not there at all. Each ends with the suite's own line, exit status and no library noise.
 */
const TARGET = path.join(__dirname, '..', '..', '..', '..', 'conformance', 'targets', 'mock.json');
/** A JSON scenario (superagent) and a stream scenario (fetch): the suite's two HTTP clients. */
const BOTH_CLIENTS = 'catalog/getModel/model,stream/createResponse/text';
const { dir, mockUrl, resetUrl } = cliHarness();

async function run(
  baseUrl: string,
  env: NodeJS.ProcessEnv = {},
  only = 'catalog/getModel/model',
  extra: string[] = [],
) {
  const lines: string[] = [];
  const warn = jest.spyOn(console, 'warn');
  try {
    const argv = ['--target', TARGET, '--base-url', baseUrl, '--reset-url', resetUrl(), '--only', only];
    argv.push(
      '--report-dir',
      path.join(dir, Math.random().toString(36).slice(2)),
      '--request-timeout',
      '3000',
      ...extra,
    );
    const io = { out: (t: string) => lines.push(t), err: (t: string) => lines.push(t) };
    const code = await runConformanceCli(argv, env, io, { progressIntervalMs: 0 });
    expect(warn).not.toHaveBeenCalled();
    return { code, output: lines.join('\n'), said: lines.filter((l) => l.startsWith('conformance: ')) };
  } finally {
    warn.mockRestore();
  }
}

/** A raw TCP server on 127.0.0.1: for answers Node's HTTP server would not send. */
async function startTcpServer(onConnection: (socket: net.Socket) => void) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    onConnection(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * A load balancer in front of the mock that resets every request coming on a connection that
 * already carried an answer, as one that forgot an idle connection does: a client that reuses
 * connections meets it at once.
 */
async function startForgetfulBalancer() {
  let resets = 0;
  const upstream = new URL(mockUrl());
  const server = await startTcpServer((client) => {
    const backend = net.connect(Number(upstream.port), upstream.hostname);
    let answered = false;
    client.on('data', (bytes) => {
      if (!answered) return void backend.write(bytes);
      resets++;
      backend.destroy();
      client.resetAndDestroy();
    });
    backend.on('data', (bytes) => {
      answered = true;
      client.write(bytes);
    });
    backend.on('error', () => client.destroy());
    backend.on('close', () => client.end());
    client.on('close', () => backend.destroy());
  });
  return { ...server, resets: () => resets };
}

describe('gateways behind TLS', () => {
  it('says the certificate of a private CA is not trusted and names NODE_EXTRA_CA_CERTS', async () => {
    const gateway = await startTlsGateway(new URL(mockUrl()).origin, await privateCaCertificates());
    try {
      const { code, said } = await run(gateway.baseUrl);
      expect({ code, said }).toEqual({
        code: 2,
        said: [
          expect.stringMatching(
            /^conformance: target https:\S+ is reachable, but the TLS handshake failed: its certificate is not trusted \(UNABLE_TO_VERIFY_LEAF_SIGNATURE: .*\)\. If it comes from a private CA, give that CA's PEM file in NODE_EXTRA_CA_CERTS/,
          ),
        ],
      });
    } finally {
      await gateway.close();
    }
  });

  it('says a port without TLS does not speak it when the base URL is https', async () => {
    const { code, said } = await run(mockUrl().replace(/^http:/, 'https:'));
    expect({ code, said }).toEqual({
      code: 2,
      said: [
        expect.stringMatching(
          /is reachable, but it does not speak TLS on that port \(EPROTO\); if the gateway serves plain HTTP there, the base URL starts with http:\/\/$/,
        ),
      ],
    });
  });

  it('suggests https when an HTTPS port is given an http base URL', async () => {
    const gateway = await startTlsGateway(new URL(mockUrl()).origin, await privateCaCertificates());
    try {
      const { code, said } = await run(gateway.baseUrl.replace(/^https:/, 'http:'));
      expect({ code, said }).toEqual({
        code: 2,
        said: [
          expect.stringMatching(/closes the connection without answering: .*the base URL starts with https:\/\/\)$/),
        ],
      });
    } finally {
      await gateway.close();
    }
  });
});

describe('answers HTTP clients cannot read', () => {
  it('names the header limit and how to raise it when the headers are too large', async () => {
    const big = await startStandInServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-trace': 'x'.repeat(http.maxHeaderSize + 1) });
      res.end('{}');
    });
    try {
      const { code, said } = await run(big.baseUrl);
      expect({ code, said }).toEqual({
        code: 2,
        said: [
          expect.stringMatching(
            /is reachable, but the answer's headers are too large: past the \d+ bytes Node\.js reads \(HPE_HEADER_OVERFLOW\); NODE_OPTIONS=--max-http-header-size=65536 raises the limit$/,
          ),
        ],
      });
    } finally {
      await big.close();
    }
  });

  it('says an answer with both Transfer-Encoding and Content-Length is not valid HTTP', async () => {
    const body = '{"id":"openai/gpt-4o"}';
    const server = await startTcpServer((socket) =>
      socket.once('data', () =>
        socket.end(
          `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\ntransfer-encoding: chunked\r\n\r\n${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`,
        ),
      ),
    );
    try {
      const { code, said } = await run(`http://127.0.0.1:${server.port}/api/v1`);
      expect({ code, said }).toEqual({
        code: 2,
        said: [
          expect.stringMatching(/is reachable, but the answer is not valid HTTP\/1\.1: HPE_INVALID_TRANSFER_ENCODING/),
        ],
      });
    } finally {
      await server.close();
    }
  });

  it("names an unasked-for 100 Continue as a cause when Node's fetch cannot read a stream's answer", async () => {
    // A front that sends an interim 100 Continue before every answer (legal, RFC 9110 §15.2; undici refuses it).
    const upstream = new URL(mockUrl());
    const front = await startTcpServer((client) => {
      const backend = net.connect(Number(upstream.port), upstream.hostname);
      client.on('data', (bytes) => {
        if (/^(GET|POST) /.test(bytes.toString('latin1'))) client.write('HTTP/1.1 100 Continue\r\n\r\n');
        backend.write(bytes);
      });
      backend.on('data', (bytes) => client.write(bytes));
      backend.on('error', () => client.destroy());
      backend.on('close', () => client.end());
      client.on('close', () => backend.destroy());
    });
    try {
      const { code, output } = await run(`http://127.0.0.1:${front.port}/api/v1`, {}, BOTH_CLIENTS);
      expect({ code, output }).toEqual({
        code: 1,
        output: expect.stringMatching(
          /request-completes .*\n\s+no complete answer: the answer is not valid HTTP\/1\.1 as Node's fetch reads it: UND_ERR_SOCKET: bad response \(an interim answer the suite did not ask for, such as 100 Continue, is one cause\)/,
        ),
      });
    } finally {
      await front.close();
    }
  });
});

describe('gateways that cannot be reached', () => {
  it('says a host name that does not resolve does not', async () => {
    // .invalid never resolves (RFC 6761).
    const { code, said } = await run('http://gateway.invalid/api/v1');
    expect({ code, said }).toEqual({
      code: 2,
      said: [
        expect.stringMatching(
          /^conformance: target http:\/\/gateway\.invalid\/api\/v1 is unreachable: getaddrinfo (ENOTFOUND|EAI_AGAIN) gateway\.invalid: the host name does not resolve here/,
        ),
      ],
    });
  });

  it('says a refused connection is refused and offers --wait', async () => {
    const closed = await startTcpServer(() => undefined);
    await closed.close();
    const { code, said } = await run(`http://127.0.0.1:${closed.port}/api/v1`);
    expect({ code, said }).toEqual({
      code: 2,
      said: [expect.stringMatching(/is unreachable: (connect )?ECONNREFUSED.*wait for it with --wait SECONDS/)],
    });
  });

  it('says a port that accepts connections and never answers does not answer', async () => {
    const blackHole = await startTcpServer(() => undefined);
    try {
      const { code, said } = await run(`http://127.0.0.1:${blackHole.port}/api/v1`);
      expect({ code, said }).toEqual({
        code: 2,
        said: [expect.stringMatching(/does not answer: GET \S+: no response within 3000 ms$/)],
      });
    } finally {
      await blackHole.close();
    }
  });
});

describe('load balancers and proxies', () => {
  /** The mock by a name only the proxy resolves (.test is reserved, RFC 6761). */
  let onlyTheProxyKnows: string;
  beforeAll(() => {
    onlyTheProxyKnows = mockUrl().replace('127.0.0.1', 'gateway.test');
  });

  it('asks again on a fresh connection when a load balancer resets a kept-alive one, and counts each as a warning', async () => {
    const balancer = await startForgetfulBalancer();
    try {
      // One request at a time: each stream goes on the connection the one before it used.
      const url = `http://127.0.0.1:${balancer.port}/api/v1`;
      const { code, output } = await run(url, {}, 'stream/createResponse/*', ['--concurrency', '1']);
      expect(balancer.resets()).toBeGreaterThan(0);
      expect({ code, output }).toEqual({ code: 0, output: expect.stringContaining('PASS:') });
      // Asked again, and still counted: each reset is a warning of its own cause, not a silent retry.
      expect(output).toMatch(
        new RegExp(
          `Warnings \\(${balancer.resets()}\\), counted but not failing the run:\\n\\s+! ${balancer.resets()} warnings?: idle kept-alive connections closed by the gateway`,
        ),
      );
    } finally {
      await balancer.close();
    }
  });

  it('goes through the proxy in HTTP_PROXY, JSON and streams alike, and says so first', async () => {
    const proxy = await startForwardProxy();
    try {
      const { code, said } = await run(onlyTheProxyKnows, { HTTP_PROXY: proxy.url }, BOTH_CLIENTS);
      expect(code).toBe(0);
      expect(said[0]).toBe(
        `conformance: requests to ${new URL(onlyTheProxyKnows).host} go through the proxy in HTTP_PROXY (${new URL(proxy.url).host}); NO_PROXY lists the hosts reached directly`,
      );
      expect(proxy.seen).toEqual(
        expect.arrayContaining([`GET ${onlyTheProxyKnows}/model/openai/gpt-4o`, `POST ${onlyTheProxyKnows}/responses`]),
      );
      // The reset address is the mock's own, on 127.0.0.1: loopback is always reached directly.
      expect(proxy.seen.filter((line) => line.includes('127.0.0.1'))).toEqual([]);
    } finally {
      await proxy.close();
    }
  });

  it('connects directly to a host NO_PROXY lists', async () => {
    const proxy = await startForwardProxy();
    try {
      const env = { HTTP_PROXY: proxy.url, NO_PROXY: '.test' };
      const { code, said } = await run(onlyTheProxyKnows, env, BOTH_CLIENTS);
      // Directly, gateway.test does not resolve: the run never asked the proxy.
      expect({ code, seen: proxy.seen, said: said.filter((l) => l.includes('proxy')) }).toEqual({
        code: 2,
        seen: [],
        said: [],
      });
    } finally {
      await proxy.close();
    }
  });

  it('says the proxy cannot be reached when it cannot, not the target', async () => {
    const closed = await startTcpServer(() => undefined);
    await closed.close();
    const { code, said } = await run(onlyTheProxyKnows, { HTTP_PROXY: `http://127.0.0.1:${closed.port}` });
    expect({ code, last: said.at(-1) }).toEqual({
      code: 2,
      last: expect.stringMatching(
        new RegExp(
          `^conformance: target ${onlyTheProxyKnows} is unreachable: the proxy in HTTP_PROXY \\(127\\.0\\.0\\.1:${closed.port}\\) cannot be reached: .*ECONNREFUSED`,
        ),
      ),
    });
  });

  it('says a proxy that asks for credentials (407) wants them in the proxy variable', async () => {
    const proxy = await startForwardProxy({ requireAuth: true });
    try {
      const { code, said } = await run(onlyTheProxyKnows, { HTTP_PROXY: proxy.url });
      expect({ code, last: said.at(-1) }).toEqual({
        code: 2,
        last: expect.stringMatching(
          /got 407 .*A proxy between the runner and the target asks for credentials \(407\): give them in the proxy variable, http:\/\/user:password@proxy:port\.$/,
        ),
      });
    } finally {
      await proxy.close();
    }
  });
});
