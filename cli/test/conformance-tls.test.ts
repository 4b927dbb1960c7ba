import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadContract } from '../../kit/contract/contract';
import { startInProcessMock } from '../../mocks/index';
import type { RunningMock } from '../../mocks/index';
import { startForwardProxy } from '../../conformance/test/support/forward-proxy';
import { privateCaCertificates, startTlsGateway } from '../../conformance/test/support/tls-gateway';
import type { CertificateOptions } from '../../conformance/test/support/tls-gateway';
import { ROOT } from './support/run-cli';

/** NODE_EXTRA_CA_CERTS is read once, when Node starts: so these runs are processes of their own. */
const dir = mkdtempSync(path.join(tmpdir(), 'conformance-tls-'));
let mock: RunningMock;

beforeAll(async () => {
  mock = await startInProcessMock({ contract: loadContract() });
});
afterAll(async () => {
  await mock.close();
});

/** `npm run conformance` against an HTTPS front of the mock whose certificate `options` describe, its CA trusted through NODE_EXTRA_CA_CERTS. */
async function runTrustingTheCa(
  options: CertificateOptions,
  env: Record<string, string> = {},
  host = '127.0.0.1',
): Promise<{ code: number | null; err: string; out: string }> {
  const certificates = await privateCaCertificates(options);
  const gateway = await startTlsGateway(new URL(mock.baseUrl).origin, certificates);
  const caFile = path.join(dir, `ca-${Math.random().toString(36).slice(2)}.pem`);
  writeFileSync(caFile, certificates.caCert);
  try {
    const args = ['--import', 'tsx', 'cli/conformance.ts', '--target', 'conformance/targets/mock.json'];
    args.push(
      '--base-url',
      gateway.baseUrl.replace('127.0.0.1', host),
      '--reset-url',
      mock.resetUrl,
      '--report-dir',
      path.join(dir, 'reports'),
    );
    args.push('--only', 'catalog/getModel/model,stream/createResponse/text');
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...withoutProxyVariables(process.env), NODE_EXTRA_CA_CERTS: caFile, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    let out = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('exit', (status) => resolve(status)));
    return { code, err, out };
  } finally {
    await gateway.close();
  }
}

const DAY_MS = 86_400_000;

/** The runner's own proxy settings, if any, left out: each test sets the ones it is about. */
function withoutProxyVariables(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !/^(https?|no)_proxy$/i.test(name)));
}

describe('npm run conformance against an HTTPS gateway with a private CA', () => {
  it('checks it, JSON and streams, once NODE_EXTRA_CA_CERTS names the CA', async () => {
    const { code, err, out } = await runTrustingTheCa({});
    expect({ code, err }).toEqual({ code: 0, err: expect.not.stringMatching(/TLS|certificate/) });
    expect(out).toMatch(/PASS: \d+ passed, 0 failed/);
  }, 60_000);

  it('checks it through the proxy in HTTPS_PROXY, tunnelled with CONNECT', async () => {
    const proxy = await startForwardProxy();
    try {
      // A name only the proxy resolves, on the certificate: TLS is end to end through the tunnel.
      const { code, err } = await runTrustingTheCa(
        { hosts: ['gateway.test'] },
        { HTTPS_PROXY: proxy.url },
        'gateway.test',
      );
      expect({ code, err }).toEqual({ code: 0, err: expect.stringMatching(/go through the proxy in HTTPS_PROXY/) });
      expect(proxy.seen.length).toBeGreaterThan(0);
      expect(new Set(proxy.seen)).toEqual(new Set([expect.stringMatching(/^CONNECT gateway\.test:\d+$/)]));
    } finally {
      await proxy.close();
    }
  }, 60_000);

  it('says its certificate has expired, on one line, exit 2', async () => {
    const { code, err } = await runTrustingTheCa({
      notBefore: new Date(Date.now() - 3 * DAY_MS),
      notAfter: new Date(Date.now() - DAY_MS),
    });
    expect({ code, err }).toEqual({
      code: 2,
      err: expect.stringMatching(
        /^conformance: target https:\S+ is reachable, but the TLS handshake failed: its certificate is outside its validity dates \(CERT_HAS_EXPIRED: certificate has expired\); the gateway needs a current certificate\n$/,
      ),
    });
  }, 60_000);

  it('says its certificate is for another host, on one line, exit 2', async () => {
    const { code, err } = await runTrustingTheCa({ hosts: ['gateway.example'] });
    expect({ code, err }).toEqual({
      code: 2,
      err: expect.stringMatching(
        /^conformance: target https:\S+ is reachable, but the TLS handshake failed: its certificate is not for this host \(ERR_TLS_CERT_ALTNAME_INVALID: .*127\.0\.0\.1.*\); use a host name the certificate names in the base URL\n$/,
      ),
    });
  }, 60_000);
});
