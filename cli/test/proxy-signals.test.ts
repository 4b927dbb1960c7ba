import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { npmInGroup } from './support/npm-in-group';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'group-signal-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('npm start -- --proxy, signalled as a process group', () => {
  let gateway: http.Server;
  let arrived: () => void = () => undefined;
  beforeAll(async () => {
    // A gateway that never answers: the exchange is still in flight when the signal comes.
    gateway = http.createServer(() => arrived());
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    gateway.closeAllConnections();
    await new Promise((resolve) => gateway.close(resolve));
  });

  it.each(['SIGINT', 'SIGTERM'] as const)(
    'writes the complete reports at a group %s with an exchange in flight, then exits',
    async (signal) => {
      const upstream = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/api/v1`;
      const run = npmInGroup(['start', '--', '--proxy', upstream, '--port', '0', '--report-dir', dir]);
      const [, baseUrl] = await run.waitFor(/listening on (\S+)/);
      const inFlight = new Promise<void>((resolve) => (arrived = resolve));
      const request = fetch(`${baseUrl}/model/openai/gpt-4o`, { headers: { authorization: 'Bearer k' } }).catch(
        () => undefined,
      );
      await inFlight;
      run.signal(signal);
      await run.closed;
      await request;
      expect(run.out()).toMatch(
        /^proxy: 1 exchange\(s\), \d+ violation\(s\) by the gateway, 0 client finding\(s\); reports: /m,
      );
      expect(readdirSync(dir).sort()).toEqual(['conformance.html', 'conformance.json', 'junit.xml']);
      const json = JSON.parse(readFileSync(path.join(dir, 'conformance.json'), 'utf8')) as { requests: number };
      expect(json.requests).toBe(1);
      expect(readFileSync(path.join(dir, 'junit.xml'), 'utf8')).toMatch(/<\/testsuites>\n$/);
    },
    60_000,
  );
});
