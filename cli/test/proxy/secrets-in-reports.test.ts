import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { runConformanceCli } from '../../run-conformance-cli';
import type { ConformanceReport } from '../../../conformance/index';
import { startFaultProxy } from '../../../conformance/test/faults/fault-proxy';
import type { FaultProxy, ProxiedRequest } from '../../../conformance/test/faults/fault-proxy';
import { startInProcessMock } from '../../../mocks/index';
import type { RunningMock } from '../../../mocks/index';
import { startProxy } from '../../../proxy/index';
import type { RunningProxy } from '../../../proxy/index';

const run = promisify(execFile);

/** The run's secrets: the environment variable a reproduction reads each from, and its value. */
const SECRETS = {
  API_KEY: 'sk-mock-user',
  X_API_KEY: 'xak-0123456789-secret',
  COOKIE: 'session=cookie-0123456789-secret',
  X_TENANT: 'tenant-0123456789-secret',
};
const VALUES = [...Object.values(SECRETS), 'cookie-0123456789-secret'];

/** Every secret the request carried, as a gateway that echoes them writes them back. */
function echoOf(req: ProxiedRequest): string {
  const h = req.headers;
  return [h.authorization, h['x-api-key'], h.cookie, h['x-tenant']].filter(Boolean).join(' | ');
}

/**
 * A gateway that echoes the caller's keys and cookies in its answers' headers and bodies, answers
 * 422 where the contract says 400 (with the keys in the message), and 200 with the keys to what
 * no operation takes (a PUT, the reset call).
 */
function echoingGateway(upstream: string): Promise<FaultProxy> {
  return startFaultProxy(upstream, {
    answer: (req) =>
      req.method === 'PUT' || req.path.startsWith('/__mock/')
        ? {
            status: 200,
            headers: { 'content-type': 'application/json', 'x-echo': echoOf(req) },
            body: { echo: echoOf(req) },
          }
        : undefined,
    response: (res, req) => {
      const headers = { ...res.headers, 'x-echo': echoOf(req), 'set-cookie': `gw=${SECRETS.X_TENANT}` };
      if (res.status !== 400) return { ...res, headers };
      return { status: 422, headers, body: { error: { code: 422, message: `invalid request from ${echoOf(req)}` } } };
    },
  });
}

/** Every file under `dir`, as text. */
function filesUnder(dir: string): Array<[string, string]> {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return [file, readFileSync(file, 'utf8')];
    });
}

let mock: RunningMock;
let gateway: FaultProxy;
let proxy: RunningProxy;
const dir = mkdtempSync(path.join(tmpdir(), 'proxy-secrets-'));
const proxyLines: string[] = [];
let suite: { code: number; out: string; err: string };
let proxyFiles: string[];
/** Each distinct reproduction of the suite's report, the status the report gives and the one it got. */
let reproduced: Array<{ curl: string; reported: number | undefined; got: number }>;

/** Runs each reproduction of a report with bash, the secrets in the environment, while its gateway still runs. */
async function reproduce(file: string): Promise<typeof reproduced> {
  const report = JSON.parse(readFileSync(file, 'utf8')) as ConformanceReport;
  const seen = new Map<string, number | undefined>();
  for (const failure of report.failures) if (failure.curl !== '') seen.set(failure.curl, failure.received.status);
  const results: typeof reproduced = [];
  for (const [curl, reported] of seen) {
    const { stdout } = await run('bash', ['-c', `${curl} -o /dev/null -w '%{http_code}'`], {
      env: { ...process.env, ...SECRETS },
    });
    results.push({ curl, reported, got: Number(stdout) });
  }
  return results;
}

beforeAll(async () => {
  mock = await startInProcessMock();
  gateway = await echoingGateway(mock.baseUrl);
  proxy = await startProxy({
    upstream: gateway.baseUrl,
    redact: ['X-Tenant'],
    record: path.join(dir, 'recording.json'),
    log: (line) => proxyLines.push(line),
  });
  const target = path.join(dir, 'target.json');
  const mockTarget = JSON.parse(
    readFileSync(path.join(__dirname, '..', '..', '..', 'conformance', 'targets', 'mock.json'), 'utf8'),
  ) as Record<string, unknown>;
  writeFileSync(target, JSON.stringify({ ...mockTarget, $schema: undefined, baseUrl: proxy.baseUrl }));
  const out: string[] = [];
  const err: string[] = [];
  const headers = [`X-Api-Key: ${SECRETS.X_API_KEY}`, `Cookie: ${SECRETS.COOKIE}`, `X-Tenant: ${SECRETS.X_TENANT}`];
  const code = await runConformanceCli(
    [
      '--target',
      target,
      '--only',
      'listModels,createResponse',
      '--property-runs',
      '0',
      '--seed',
      '11',
      '--report-dir',
      path.join(dir, 'suite'),
      '--redact',
      'x-tenant',
      '--header',
      'X-Portkey-Provider: openai',
      ...headers.flatMap((header) => ['--header', header]),
    ],
    {},
    { out: (t) => out.push(t), err: (t) => err.push(t) },
    { progressIntervalMs: 0 },
  );
  suite = { code, out: out.join('\n'), err: err.join('\n') };
  reproduced = await reproduce(path.join(dir, 'suite', 'conformance.json'));
  await fetch(`${proxy.baseUrl}/models`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${SECRETS.API_KEY}`, 'x-api-key': SECRETS.X_API_KEY, cookie: SECRETS.COOKIE },
  });
  await proxy.close(0);
  proxyFiles = proxy.writeReports(path.join(dir, 'proxy'));
}, 300_000);

afterAll(async () => {
  await gateway.close();
  await mock.close();
});

describe('secrets in what the suite and the proxy write', () => {
  it('finds what the echoing gateway did wrong', () => {
    expect(suite.code).toBe(1);
    expect(proxy.violations().length).toBeGreaterThan(0);
    expect(proxyFiles).toHaveLength(3);
  });

  it('leaves no key, cookie or redacted header value in any report, recording or line printed', () => {
    const outputs: Array<[string, string]> = [
      ...filesUnder(dir).filter(([file]) => !file.endsWith('target.json')),
      ['suite output', `${suite.out}\n${suite.err}`],
      ['proxy lines', proxyLines.join('\n')],
    ];
    expect(outputs.length).toBeGreaterThan(8);
    // The headers are in the reports, as the variables their reproductions read.
    const proxyJson = readFileSync(path.join(dir, 'proxy', 'conformance.json'), 'utf8');
    for (const variable of ['$API_KEY', '$X_API_KEY', '$COOKIE', '$X_TENANT']) expect(proxyJson).toContain(variable);
    for (const [where, text] of outputs)
      for (const value of VALUES) expect({ where, leaks: text.includes(value) }).toEqual({ where, leaks: false });
  });

  it('shows a header that is not secret as it was sent, and does not warn of it', () => {
    expect(suite.err).not.toContain('X-Portkey-Provider');
    const report = JSON.parse(readFileSync(path.join(dir, 'suite', 'conformance.json'), 'utf8')) as ConformanceReport;
    expect(JSON.stringify(report)).toContain("'X-Portkey-Provider: openai'");
  });

  it('answers what its own parser refuses in the envelope and says so, charging the gateway with nothing', () => {
    const report = JSON.parse(readFileSync(path.join(dir, 'proxy', 'conformance.json'), 'utf8')) as ConformanceReport;
    expect(JSON.stringify(report.warnings)).toContain('before it reached the gateway');
    expect(proxyLines.join('\n')).toContain('proxy: ⚠ the proxy refused');
  });

  it('flags the 422 the gateway answers where the contract says 400, as the suite does', () => {
    const causes = (file: string) =>
      (JSON.parse(readFileSync(path.join(dir, file, 'conformance.json'), 'utf8')) as ConformanceReport).rootCauses.map(
        (cause) => cause.title,
      );
    expect(causes('suite').join('\n')).toMatch(/answered 422 where the contract says 400/);
    expect(causes('proxy').join('\n')).toMatch(/answered 422 where the contract says 400/);
  });

  it('prints reproductions that get the reported status from the gateway, the secrets read from the environment', () => {
    expect(reproduced.length).toBeGreaterThan(0);
    for (const { curl, reported, got } of reproduced) expect({ curl, status: got }).toEqual({ curl, status: reported });
  });
});
