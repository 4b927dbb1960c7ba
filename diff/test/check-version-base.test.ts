import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dump as stringify } from 'js-yaml';
import { runCheckVersion } from '../check-version';
import { miniSpec } from './support/mini-spec';
import { captureIo, createTempRepo } from './support/temp-repo';

/** The mini spec at `version` without Item.note: a breaking change against miniSpec(). */
function withoutNote(version: string) {
  const spec = miniSpec();
  spec.info.version = version;
  delete spec.components.schemas.Item!.properties!.note;
  return spec;
}

describe('model-gateway check-version on a spec anywhere, with or without git', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'check-version-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function check(argv: string[], cwd = dir) {
    const run = captureIo(cwd);
    const code = runCheckVersion(argv, run.io, {});
    return { code, out: run.out.join('\n'), err: run.err.join('\n') };
  }

  it('fails with exit 2 naming --base-file for a spec outside any git work tree, never passing it', () => {
    writeFileSync(path.join(dir, 'api.yaml'), stringify(withoutNote('1.0.0')));
    expect(check(['--spec', 'api.yaml'])).toEqual({
      code: 2,
      out: '',
      err: 'model-gateway check-version: api.yaml is not in a git work tree, so it has no earlier version here: pass --base-file FILE (the spec as last released)',
    });
  });

  it('compares with --base-file without git: a breaking change without a major bump fails, with one passes', () => {
    writeFileSync(path.join(dir, 'released.yaml'), stringify(miniSpec()));
    writeFileSync(path.join(dir, 'api.yaml'), stringify(withoutNote('1.0.0')));
    const failed = check(['--spec', 'api.yaml', '--base-file', 'released.yaml']);
    expect(failed.code).toBe(1);
    expect(failed.err).toContain('api.yaml against released.yaml: 1 breaking change(s) without a major bump');
    writeFileSync(path.join(dir, 'api.yaml'), stringify(withoutNote('2.0.0')));
    expect(check(['--spec', 'api.yaml', '--base-file', 'released.yaml']).code).toBe(0);
  });

  it.each([
    ['the default --spec', [], 'spec/openapi.yaml (--spec): no such file'],
    ['a --base-file', ['--spec', 'api.yaml', '--base-file', 'gone.yaml'], 'gone.yaml (--base-file): no such file'],
    [
      'an --accepted file',
      ['--spec', 'api.yaml', '--base-file', 'api.yaml', '--accepted', 'gone.json'],
      'gone.json (--accepted): no such file',
    ],
  ])('names %s that does not exist, and the option that gave it, in one line (exit 2)', (_, argv, line) => {
    writeFileSync(path.join(dir, 'api.yaml'), stringify(miniSpec()));
    expect(check(argv)).toEqual({ code: 2, out: '', err: `model-gateway check-version: ${line}` });
  });

  it('refuses --base together with --base-file (exit 2)', () => {
    writeFileSync(path.join(dir, 'api.yaml'), stringify(miniSpec()));
    expect(check(['--spec', 'api.yaml', '--base-file', 'api.yaml', '--base', 'main'])).toMatchObject({
      code: 2,
      err: 'model-gateway check-version: give --base REF or --base-file FILE, not both',
    });
  });

  it("compares a spec in another repository with that repository's history", () => {
    const repo = createTempRepo();
    try {
      repo.writeSpec(miniSpec());
      repo.commit('1.0.0');
      repo.writeSpec(withoutNote('1.0.0'));
      const result = check(['--spec', path.join(repo.dir, 'spec', 'openapi.yaml')]);
      expect(result.code).toBe(1);
      expect(result.err).toContain('against the first commit of the spec');
    } finally {
      repo.remove();
    }
  });

  it('fails with exit 2 naming what to pass for a spec absent at the --base REF', () => {
    const repo = createTempRepo();
    try {
      repo.commit('empty');
      repo.git('branch', 'released');
      repo.writeSpec(miniSpec());
      repo.commit('spec added');
      const result = check(['--base', 'released'], repo.dir);
      expect(result.code).toBe(2);
      expect(result.err).toMatch(
        /^model-gateway check-version: spec\/openapi.yaml does not exist at merge base with released \([0-9a-f]{10}\): pass --base-file FILE \(the spec as last released\), or a --base REF where it exists$/,
      );
    } finally {
      repo.remove();
    }
  });
});
