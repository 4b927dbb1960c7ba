import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { runSpecDiff } from '../run-spec-diff';
import { miniSpec } from './support/mini-spec';
import { captureIo, createTempRepo } from './support/temp-repo';
import type { TempRepo } from './support/temp-repo';

const ROOT = path.join(__dirname, '..', '..');

describe('npm run spec:diff', () => {
  let repo: TempRepo;

  beforeEach(() => {
    repo = createTempRepo();
    repo.writeSpec(miniSpec());
    repo.commit('spec 1.0.0');
  });
  afterEach(() => repo.remove());

  it('exits 0 and says so when the working tree matches HEAD', () => {
    const run = captureIo(repo.dir);
    expect(runSpecDiff([], run.io)).toBe(0);
    expect(run.out.join('\n')).toContain('No change to the contract.');
  });

  it('exits 1 and lists a breaking change against HEAD by default', () => {
    const spec = miniSpec();
    delete spec.components.schemas.Item!.properties!.note;
    repo.writeSpec(spec);
    const run = captureIo(repo.dir);
    expect(runSpecDiff([], run.io)).toBe(1);
    const text = run.out.join('\n');
    expect(text).toContain('BREAKING: existing clients or gateways can fail (1)');
    expect(text).toContain(
      [
        '  shared schemas',
        '    ✗ [clients] schema Item note: property `note` removed',
        '        why: clients and generated types that read it lose it',
        '        clients: stop reading it (regenerate typed clients)',
        '        used at 2 places:',
        '          GET /items: responses 200',
        '          POST /items: responses 200',
      ].join('\n'),
    );
  });

  it('exits 0 for additions only, listing them as non-breaking', () => {
    repo.commit('nothing');
    const spec = miniSpec();
    spec.components.schemas.ItemRequest!.properties!.extra = { type: 'string' };
    repo.writeSpec(spec);
    const run = captureIo(repo.dir);
    expect(runSpecDiff(['HEAD~1'], run.io)).toBe(0);
    expect(run.out.join('\n')).toMatch(
      /NON-BREAKING \(1\)\n {2}POST \/items\n {4}\+ request body \(application\/json\) extra: property `extra` added/,
    );
  });

  it('compares with the version at the given ref', () => {
    const spec = miniSpec();
    spec.info.version = '1.1.0';
    repo.writeSpec(spec);
    repo.commit('spec 1.1.0');
    const run = captureIo(repo.dir);
    expect(runSpecDiff(['HEAD~1', '--json'], run.io)).toBe(0);
    const report = JSON.parse(run.out.join('')) as {
      baseVersion: string;
      headVersion: string;
      counts: Record<string, number>;
    };
    expect(report).toMatchObject({
      baseVersion: '1.0.0',
      headVersion: '1.1.0',
      counts: { breaking: 0, annotation: 1 },
    });
  });

  it('gives each change its audiences, why and what to do in --json, and exits by --audience', () => {
    repo.commit('nothing');
    const spec = miniSpec();
    spec.components.schemas.ItemRequest!.properties!.kind!.enum = ['small', 'large', 'huge'];
    repo.writeSpec(spec);
    const run = captureIo(repo.dir);
    expect(runSpecDiff(['HEAD~1', '--json'], run.io)).toBe(1);
    const report = JSON.parse(run.out.join('')) as { changes: unknown[] };
    expect(report.changes).toEqual([
      expect.objectContaining({
        severity: 'breaking',
        what: 'enum value "huge" added',
        breaks: ['gateways'],
        why: 'the request still accepts every value it did (enum); gateways that still refuse what is now allowed break',
        todo: { gateways: 'accept what the new schema allows here instead of refusing it with 400' },
      }),
    ]);
    expect(runSpecDiff(['HEAD~1', '--audience', 'clients'], captureIo(repo.dir).io)).toBe(0);
    expect(runSpecDiff(['HEAD~1', '--audience', 'gateways'], captureIo(repo.dir).io)).toBe(1);
  });

  it('exits 2 with a clear message for an unknown audience', () => {
    const run = captureIo(repo.dir);
    expect(runSpecDiff(['--audience', 'servers'], run.io)).toBe(2);
    expect(run.err.join('\n')).toBe(
      'model-gateway diff: --audience must be one of clients, gateways, both, not "servers"',
    );
  });

  it('exits 2 with a clear message for an unknown ref', () => {
    const run = captureIo(repo.dir);
    expect(runSpecDiff(['no-such-ref'], run.io)).toBe(2);
    expect(run.err.join('\n')).toBe('model-gateway diff: unknown git ref "no-such-ref"');
  });

  it('names a --spec that does not exist before anything about the base (exit 2)', () => {
    const outside = mkdtempSync(path.join(tmpdir(), 'spec-missing-'));
    try {
      const run = captureIo(outside);
      expect(runSpecDiff([], run.io)).toBe(2);
      expect(run.err).toEqual(['model-gateway diff: spec/openapi.yaml (--spec): no such file']);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('exits 2 when the working-tree spec is not YAML, rather than reporting no change', () => {
    repo.writeSpecText('openapi: [unclosed');
    const run = captureIo(repo.dir);
    expect(runSpecDiff([], run.io)).toBe(2);
    expect(run.err.join('\n')).toMatch(/^model-gateway diff: spec\/openapi.yaml \(working tree\) is not valid YAML: /);
  });

  it('labels a --spec file outside the repository by its path, not as the working tree', () => {
    const outside = mkdtempSync(path.join(tmpdir(), 'spec-outside-'));
    try {
      const file = path.join(outside, 'edited.yaml');
      writeFileSync(file, JSON.stringify(miniSpec()));
      const run = captureIo(repo.dir);
      expect(runSpecDiff(['--spec', file], run.io)).toBe(0);
      const first = run.out.join('\n').split('\n')[0];
      expect(first).toContain(`→ ${file} (info.version 1.0.0)`);
      expect(first).not.toContain('working tree');
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('names the operations the mock has no handler for', () => {
    const run = captureIo(repo.dir);
    runSpecDiff([], run.io);
    // The mini spec's operations are not the gateway's, so the mock has none of their handlers.
    expect(run.out.join('\n')).toContain('! GET /items (listItems) has no handler in mocks/src/operations/registry.ts');
  });

  it('runs as model-gateway diff and sets the exit status', async () => {
    const spec = miniSpec();
    spec.components.schemas.ItemRequest!.properties!.name!.maxLength = 10;
    repo.writeSpec(spec);
    // tsx by its path: node resolves `--import tsx` from the working folder, the temporary repository.
    const tsx = pathToFileURL(path.join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
    const command = ['--import', tsx, path.join(ROOT, 'cli', 'model-gateway.ts'), 'diff'];
    const failure = await promisify(execFile)(process.execPath, command, { cwd: repo.dir }).then(
      () => undefined,
      (err: { code: number; stdout: string }) => err,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toContain('✗ [clients, gateways] request body (application/json) name: maxLength 256 → 10');
  });
});
