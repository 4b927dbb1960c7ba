import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ConformanceReport } from '../../conformance/index';

const ROOT = path.join(__dirname, '..', '..');
let server: http.Server;
let notTheApi: string;
let dir: string;

beforeAll(async () => {
  // Some other web server: an HTML 404 page for every request.
  server = http.createServer((_req, res) => {
    res.writeHead(404, { 'content-type': 'text/html' });
    res.end('<html><body>Not Found</body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  notTheApi = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'conformance-not-started-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** `npm run conformance` as a process, against `baseUrl`. */
function conformance(baseUrl: string): Promise<{ code: number | null; err: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'cli/conformance.ts', '--base-url', baseUrl, '--report-dir', dir, '--wait', '0'],
    { cwd: ROOT, env: { ...process.env, CONFORMANCE_API_KEY: 'sk-mock-user' }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let err = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, err })));
}

describe('npm run conformance, stopped before judging', () => {
  it('against a server that is not this API, exits 2 and leaves the three reports with the reason', async () => {
    const { code, err } = await conformance(notTheApi);
    expect(code).toBe(2);
    expect(err.trim().split('\n')).toEqual([expect.stringMatching(/does not answer as the Model Gateway API/)]);
    expect(readdirSync(dir).sort()).toEqual(['conformance.html', 'conformance.json', 'junit.xml']);
    const json = JSON.parse(readFileSync(path.join(dir, 'conformance.json'), 'utf8')) as ConformanceReport;
    const reason = json.incomplete?.reason ?? '';
    expect(json).toMatchObject({ passed: false, complete: false, incomplete: { kind: 'not-started' }, requests: 0 });
    expect(err).toContain(`conformance: ${reason}`);
    expect(json.scenarios.length).toBeGreaterThan(0);
    // Every scenario is skipped: those the run could make say why it never ran them.
    expect(json.scenarios.every((s) => s.outcome === 'skip')).toBe(true);
    expect(json.scenarios.map((s) => s.skipReason)).toContain(`not run: ${reason}`);
    const junit = readFileSync(path.join(dir, 'junit.xml'), 'utf8');
    expect(junit).toMatch(/<testsuites [^>]*errors="1"/);
    expect(junit).toMatch(
      /<error message="[^"]+" type="incomplete">the run stopped before judging anything: \d+ scenario/,
    );
    expect(readFileSync(path.join(dir, 'conformance.html'), 'utf8')).toContain('INCOMPLETE');
  }, 60_000);

  it('against a port where nothing listens, exits 2 and leaves the three reports', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { code } = await conformance(`http://127.0.0.1:${port}/api/v1`);
    expect(code).toBe(2);
    expect(readdirSync(dir).sort()).toEqual(['conformance.html', 'conformance.json', 'junit.xml']);
    expect(readFileSync(path.join(dir, 'junit.xml'), 'utf8')).toContain('type="incomplete"');
  }, 60_000);
});
