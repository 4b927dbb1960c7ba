import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dump, load } from 'js-yaml';
import { SPEC_PATH } from '../../../kit/contract/contract';
import { ContractError } from '../../../kit/contract/contract-error';
import { startInProcessMock } from '../../../mocks/index';
import type { RunningMock } from '../../../mocks/index';
import { EXIT_CONFIG, runConformanceCli } from '../../run-conformance-cli';
import { runConformanceOnTarget } from '../../../conformance/index';

const dir = mkdtempSync(path.join(tmpdir(), 'conformance-spec-'));
const shipped = readFileSync(SPEC_PATH, 'utf8');
const SESSION_ID_LIMIT = 'session_id:\n          x-feature: sessions\n          type: string\n          maxLength: 256';

function specFile(name: string, text: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

/** A copy of the shipped spec with session_id limited to 64 characters instead of 256. */
function tightenedSpec(): string {
  if (!shipped.includes(SESSION_ID_LIMIT)) throw new Error('the shipped spec no longer limits session_id as expected');
  return specFile('tightened.yaml', shipped.replace(SESSION_ID_LIMIT, SESSION_ID_LIMIT.replace('256', '64')));
}

/** A copy of the shipped spec without GET /model/{author}/{slug} (getModel). */
function specWithoutGetModel(): string {
  const document = load(shipped) as { paths: Record<string, unknown> };
  delete document.paths['/model/{author}/{slug}'];
  return specFile('no-get-model.yaml', dump(document));
}

describe('runConformanceOnTarget({ spec }): judging against another document', () => {
  let mock: RunningMock;
  const target = () => ({ baseUrl: mock.baseUrl, apiKey: 'sk-mock-user', seed: 11, propertyRuns: 0 });
  beforeAll(async () => {
    // The mock serves the shipped spec: it does not follow the tightened copy.
    mock = await startInProcessMock();
  });
  afterAll(() => mock.close());

  it('fails a gateway that does not follow a limit tightened in the given document', async () => {
    const only = 'limits/createResponse/session-id-*';
    const asShipped = await runConformanceOnTarget({ ...target(), only });
    expect(asShipped.passed).toBe(true);

    const report = await runConformanceOnTarget({ ...target(), only, spec: tightenedSpec() });
    expect(report.passed).toBe(false);
    const failure = report.failures.find((f) => f.check === 'limit-rejected-past-boundary');
    expect(failure?.message).toMatch(/session_id/);
    expect(failure?.scenario).toMatch(/65/);
  });

  it('reports the scenarios of an operation the document lacks as not applicable, not as failures', async () => {
    const report = await runConformanceOnTarget({ ...target(), only: 'getModel', spec: specWithoutGetModel() });
    expect(report.passed).toBe(true);
    expect(report.failures).toEqual([]);
    expect(report.scenarios.length).toBeGreaterThan(0);
    for (const scenario of report.scenarios) {
      expect(scenario).toMatchObject({ operation: 'getModel', outcome: 'skip' });
      expect(scenario.skipReason).toMatch(/^not applicable: .*no-get-model\.yaml defines no operation getModel$/);
    }
    expect(report.scenarios.map((s) => s.id)).toContain('catalog/getModel/not-applicable');
  });

  it("judges an operation the document adds, with the document's example for a path parameter", async () => {
    const document = load(shipped) as { paths: Record<string, unknown> };
    document.paths['/widgets/{widgetId}'] = {
      get: {
        operationId: 'getWidget',
        parameters: [{ name: 'widgetId', in: 'path', required: true, example: 'w-1', schema: { type: 'string' } }],
        responses: {
          '200': { description: 'A widget.', content: { 'application/json': { schema: { type: 'object' } } } },
          '401': { $ref: '#/components/responses/Unauthorized' },
        },
      },
    };
    const report = await runConformanceOnTarget({
      ...target(),
      // getModel proves the target is this API; getWidget is then judged like any other operation.
      only: 'getWidget,getModel',
      spec: specFile('widgets.yaml', dump(document)),
    });
    // The mock serves the shipped spec: it has no such operation and answers 404, which getWidget does not document.
    expect(report.passed).toBe(false);
    const undocumented = report.failures.filter((f) => f.check === 'status-code-documented');
    expect(undocumented.length).toBeGreaterThan(0);
    for (const failure of undocumented) {
      expect(failure.operation).toBe('getWidget');
      expect(failure.request.url).toMatch(/\/widgets\/w-1$/);
    }
  });

  it('rejects with a ContractError naming the file and the place for a document that does not load', async () => {
    const broken = specFile('broken.yaml', 'openapi: 3.1.0\npaths:\n  - a\n b: c\n');
    const run = runConformanceOnTarget({ ...target(), spec: broken });
    await expect(run).rejects.toBeInstanceOf(ContractError);
    await expect(run).rejects.toThrow(/broken\.yaml:4:\d+: not valid YAML/);
  });
});

describe('model-gateway-conformance --spec FILE', () => {
  const run = async (argv: string[], env: NodeJS.ProcessEnv = {}) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runConformanceCli(
      ['--base-url', 'http://127.0.0.1:9/api/v1', '--report-dir', path.join(dir, 'reports'), ...argv],
      { CONFORMANCE_API_KEY: 'k', ...env },
      { out: (t) => out.push(t), err: (t) => err.push(t) },
    );
    return { code, out, err };
  };

  it.each([
    ['--spec', (file: string) => [['--spec', file], {}] as const],
    ['CONFORMANCE_SPEC', (file: string) => [[], { CONFORMANCE_SPEC: file }] as const],
  ])('exits 2 with one line naming the file when the document given by %s cannot be read', async (_how, given) => {
    const missing = path.join(dir, 'missing.yaml');
    const [argv, env] = given(missing);
    const { code, err } = await run([...argv], env);
    expect(code).toBe(EXIT_CONFIG);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(/^conformance: .*missing\.yaml: cannot read the spec: /);
  });

  it('exits 2 with the JSON pointer of a schema the document gets wrong, before any request', async () => {
    const document = load(shipped) as { components: { schemas: Record<string, unknown> } };
    document.components.schemas.Model = { type: 'object', maxLenght: 3 };
    const { code, err } = await run(['--spec', specFile('typo.yaml', dump(document))]);
    expect(code).toBe(EXIT_CONFIG);
    expect(err).toEqual([
      expect.stringMatching(
        /^conformance: .*typo\.yaml#\/components\/schemas\/Model\/maxLenght: unknown keyword \"maxLenght\"/,
      ),
    ]);
  });
});
