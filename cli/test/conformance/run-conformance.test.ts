import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { startInProcessMock } from '../../../mocks/index';
import { EXIT_CONFIG, EXIT_FAIL, EXIT_PASS, runConformanceCli } from '../../run-conformance-cli';
import { startFaultProxy } from '../../../conformance/test/faults/fault-proxy';
import { cliHarness } from './support/cli-harness';

const harness = cliHarness();
const { dir, cli, target } = harness;
let mockUrl = '';
beforeAll(() => {
  mockUrl = harness.mockUrl();
});

describe('npm run conformance', () => {
  it('refuses --require of a feature the spec does not mark, naming the closest one', async () => {
    const { code, err } = await cli(['--require', 'plugin', '--list']);
    expect(code).toBe(2);
    expect(err).toMatch(/--require plugin: no such feature; did you mean plugins\? \(the spec's features: core, /);
  });

  it('prints the help and exits 0', async () => {
    const { code, out } = await cli(['--help']);
    expect(code).toBe(EXIT_PASS);
    expect(out).toContain('Usage: model-gateway conformance [options]');
    expect(out).toContain('in the repository: npm run conformance');
  });

  it('prints the package name and version for --version and exits 0', async () => {
    const { version } = JSON.parse(readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as {
      version: string;
    };
    const { code, out } = await cli(['--version']);
    expect(code).toBe(EXIT_PASS);
    expect(out.trim()).toBe(`model-gateway-mock ${version}`);
  });

  it('exits 2 with one line within seconds when the target is unreachable', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const started = Date.now();
    const { code, err } = await cli(['--base-url', `http://127.0.0.1:${port}/api/v1`], { CONFORMANCE_API_KEY: 'k' });
    expect(code).toBe(EXIT_CONFIG);
    expect(err.split('\n')).toEqual([expect.stringMatching(/is unreachable: .*ECONNREFUSED/)]);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('exits 2 when the target rejects the API key', async () => {
    const { code, err } = await cli(['--target', target(mockUrl), '--api-key', 'sk-not-a-key']);
    expect(code).toBe(EXIT_CONFIG);
    expect(err).toMatch(/rejected the API key/);
  });

  it('exits 2 naming what to give when there is no target and no in-process target to start', async () => {
    const { code, err } = await cli([]);
    expect(code).toBe(EXIT_CONFIG);
    expect(err).toBe('conformance: no target: give --target, --base-url or CONFORMANCE_BASE_URL');
  });

  it("checks the caller's in-process target when no target is given, and stops it", async () => {
    let closed = false;
    const out: string[] = [];
    const err: string[] = [];
    const code = await runConformanceCli(
      ['--only', 'getModel', '--seed', '3', '--report-dir', path.join(dir, 'in-process')],
      {},
      { out: (t) => out.push(t), err: (t) => err.push(t) },
      {
        startTarget: async (contract) => {
          const running = await startInProcessMock({ contract });
          return { ...running, close: () => running.close().then(() => void (closed = true)) };
        },
      },
    );
    expect(code).toBe(EXIT_PASS);
    expect(err[0]).toMatch(/^conformance: started the mock in-process at http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    expect(closed).toBe(true);
  });

  it('exits 2 when --only matches no scenario', async () => {
    const { code, err } = await cli(['--target', target(mockUrl), '--only', 'no-such-scenario']);
    expect(code).toBe(EXIT_CONFIG);
    expect(err).toContain('no scenario matches --only no-such-scenario');
  });

  it('exits 0 against the mock and writes junit.xml and conformance.json', async () => {
    const reportDir = path.join(dir, 'pass');
    const { code, out } = await cli([
      '--target',
      target(mockUrl),
      '--report-dir',
      reportDir,
      '--only',
      'catalog/*,auth/missing-key/*',
      '--seed',
      '5',
    ]);
    expect(code).toBe(EXIT_PASS);
    expect(out).toMatch(/PASS: \d+ passed, 0 failed, 0 skipped/);
    const json = JSON.parse(readFileSync(path.join(reportDir, 'conformance.json'), 'utf8')) as {
      seed: number;
      operations: Record<string, { statuses: { observed: string[]; never: string[] } }>;
    };
    expect(json.seed).toBe(5);
    expect(json.operations.getModel?.statuses).toEqual(
      expect.objectContaining({ observed: ['200', '401', '404'], never: ['400', '408', '500'] }),
    );
    expect(readFileSync(path.join(reportDir, 'junit.xml'), 'utf8')).toMatch(
      /<testsuites name="conformance" tests="\d+" failures="0"/,
    );
  });

  it('exits 1 against a broken gateway and shows the rule, what came back and a curl without the key', async () => {
    const proxy = await startFaultProxy(mockUrl, {
      response: (res) => ({ ...res, status: res.status === 200 ? 201 : res.status }),
    });
    try {
      const reportDir = path.join(dir, 'fail');
      const { code, out } = await cli([
        '--target',
        target(proxy.baseUrl),
        '--report-dir',
        reportDir,
        '--only',
        'catalog/getModel/model',
      ]);
      expect(code).toBe(EXIT_FAIL);
      expect(out).toContain('status-code-documented · getModel · catalog/getModel/model · spec #/paths/*/*/responses');
      expect(out).toContain(
        `reproduce: curl -sS -X GET '${proxy.baseUrl}/model/openai/gpt-4o' -H "Authorization: Bearer $API_KEY"`,
      );
      expect(out).not.toContain('sk-mock-user');
      expect(readFileSync(path.join(reportDir, 'junit.xml'), 'utf8')).toMatch(
        /<failure message="status 201 is not documented/,
      );
    } finally {
      await proxy.close();
    }
  });

  it('names each skipped scenario and why', async () => {
    const file = target(mockUrl);
    const stripped = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ ...stripped, guardrail: undefined, managementKey: undefined }));
    const { code, out } = await cli([
      '--target',
      file,
      '--only',
      'guardrail/*',
      '--report-dir',
      path.join(dir, 'skip'),
    ]);
    expect(code).toBe(EXIT_PASS);
    expect(out).toContain(
      'guardrail/createResponse/blocked: the target does not provide guardrail.guardedApiKey, guardrail.blockedInput',
    );
    expect(out).toContain(
      'guardrail/unassignGuardrailKeys/unassign-twice: the target does not provide managementKey, guardrail.id, guardrail.keyHashes',
    );
    expect(existsSync(path.join(dir, 'skip', 'junit.xml'))).toBe(true);
    expect(out).toMatch(
      /^ {2}\d+ scenarios skipped: the target does not provide guardrail\.guardedApiKey, guardrail\.blockedInput \(give them with CONFORMANCE_GUARDED_API_KEY; "guardrail\.blockedInput" in a --target file\)$/m,
    );
  });

  it('runs the guardrail scenarios given --guardrail-id without a target file, and says how many it skips and the flag', async () => {
    const argv = ['--base-url', mockUrl, '--only', 'unassignGuardrailKeys', '--report-dir', path.join(dir, 'gid')];
    const env = { CONFORMANCE_API_KEY: 'sk-mock-user', CONFORMANCE_MANAGEMENT_KEY: 'sk-mock-management' };
    const without = await cli(argv, env);
    expect(without.code).toBe(EXIT_PASS);
    const line =
      /^ {2}(\d+) scenarios skipped: the target does not provide guardrail\.id \(give it with --guardrail-id or CONFORMANCE_GUARDRAIL_ID\)$/m;
    const skipped = Number(line.exec(without.out)?.[1]);
    expect(skipped).toBeGreaterThan(0);
    const given = await cli([...argv, '--guardrail-id', '00000000-0000-4000-8000-000000000001'], env);
    expect(given.code).toBe(EXIT_PASS);
    expect(given.out).not.toMatch(line);
    const ran = (out: string) => Number(/^PASS: (\d+) passed/m.exec(out)?.[1]);
    expect(ran(given.out)).toBeGreaterThan(ran(without.out));
  });
});

describe('npm run conformance -- --list', () => {
  it('lists the scenarios a run would execute, filtered by --only, and sends no request', async () => {
    // A base URL nothing listens on and no key: listing needs neither.
    const { code, out } = await cli(['--list', '--base-url', 'http://127.0.0.1:9/api/v1', '--only', 'stream/*']);
    expect(code).toBe(EXIT_PASS);
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^scenario\s+operation\s+what it checks$/);
    expect(lines).toContainEqual(
      expect.stringMatching(/^stream\/createResponse\/text\s+createResponse\s+streams a plain text answer$/),
    );
    expect(lines.slice(1).filter((l) => /^\S+\s+\S+\s+\S/.test(l) && !l.startsWith('stream/'))).toEqual([
      expect.stringMatching(/^\d+ scenarios \(/),
      'not in scope: unassignGuardrailKeys, listEmbeddingsModels, getModel',
    ]);
  });

  it('exits 2 when --only matches no scenario', async () => {
    const { code, err } = await cli(['--list', '--only', 'no-such-scenario']);
    expect({ code, err }).toEqual({
      code: EXIT_CONFIG,
      err: 'conformance: no scenario matches --only no-such-scenario',
    });
  });
});
