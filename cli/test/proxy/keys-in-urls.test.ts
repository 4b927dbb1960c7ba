import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ConformanceReport } from '../../../conformance/index';
import { startFaultProxy } from '../../../conformance/test/faults/fault-proxy';
import type { FaultProxy } from '../../../conformance/test/faults/fault-proxy';
import { startInProcessMock } from '../../../mocks/index';
import type { RunningMock } from '../../../mocks/index';
import { startCli } from '../support/run-cli';
import type { Exit } from '../support/run-cli';

const run = promisify(execFile);

const KEY = 'sk-mock-user';
const TENANT = 'tenant-0123456789-secret';
/** A credential only the query carries: scrubbed because of its parameter's name. */
const UNKNOWN = 'qp-unknown-0123456789';
const SECRETS = [KEY, TENANT, UNKNOWN];

let mock: RunningMock;
let gateway: FaultProxy;
/** The request targets the gateway received, in order. */
const received: string[] = [];
const dir = mkdtempSync(path.join(tmpdir(), 'proxy-url-keys-'));
let exit: Exit;
let report: ConformanceReport;

/** Every file under `dir`, as text. */
function filesUnder(where: string): Array<[string, string]> {
  return readdirSync(where, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return [file, readFileSync(file, 'utf8')];
    });
}

beforeAll(async () => {
  mock = await startInProcessMock();
  // A gateway that writes the URL it was asked (keys and all) into its answers' bodies and headers.
  gateway = await startFaultProxy(mock.baseUrl, {
    answer: (req) => {
      received.push(req.path);
      return undefined;
    },
    response: (res, req) => ({
      status: res.status,
      headers: { ...res.headers, 'x-echo-url': req.path },
      body: typeof res.body === 'object' && res.body !== null ? { ...res.body, echo: req.path } : res.body,
    }),
  });
  const cli = startCli(['--proxy', gateway.baseUrl, '--port', '0', '--report-dir', dir], {}, /listening on (\S+)$/m);
  const { baseUrl } = await cli.ready;
  const auth = { authorization: `Bearer ${KEY}` };
  await fetch(`${baseUrl}/no/${KEY}/x?x=${KEY}`, { headers: auth });
  await fetch(`${baseUrl}/models?token=${TENANT}`, { headers: { ...auth, 'x-tenant-key': TENANT } });
  await fetch(`${baseUrl}/models?api_key=${UNKNOWN}&monkey=shown-as-sent`, { headers: auth });
  cli.child.kill('SIGTERM');
  exit = await cli.exit;
  report = JSON.parse(readFileSync(path.join(dir, 'conformance.json'), 'utf8')) as ConformanceReport;
}, 60_000);

afterAll(async () => {
  await gateway.close();
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('keys in URLs, through the proxy as users start it', () => {
  it('leaves no key from a path or query in any report or line printed', () => {
    const outputs: Array<[string, string]> = [...filesUnder(dir), ['stdout', exit.stdout], ['stderr', exit.stderr]];
    expect(outputs.map(([file]) => path.basename(file)).sort()).toEqual(
      ['conformance.html', 'conformance.json', 'junit.xml', 'stderr', 'stdout'].sort(),
    );
    for (const [where, text] of outputs)
      for (const secret of SECRETS) expect({ where, leaks: text.includes(secret) }).toEqual({ where, leaks: false });
  });

  it('names each exchange with the variables that stand for its keys', () => {
    const titles = report.scenarios.map((scenario) => `${scenario.id} ${scenario.title}`).join('\n');
    expect(titles).toContain('/no/$API_KEY/x?x=$API_KEY');
    expect(titles).toContain('?token=$X_TENANT_KEY');
    expect(titles).toContain('?api_key=$QUERY_API_KEY&monkey=shown-as-sent');
    expect(exit.stderr).toMatch(/^proxy: ✗ .* GET \/api\/v1\/no\/\$API_KEY\/x → 404/m);
  });

  it('prints reproductions that send the keys again when a POSIX shell runs them', async () => {
    const curl = report.clientFindings?.findings.find((finding) => finding.request.url.includes('/no/'))?.curl ?? '';
    expect(curl).toContain('$API_KEY');
    received.length = 0;
    await run('sh', ['-c', `${curl} -o /dev/null`], { env: { ...process.env, API_KEY: KEY } });
    expect(received).toEqual([`/no/${KEY}/x?x=${KEY}`]);
  });
});
