import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { load as parse } from 'js-yaml';
import { ACCEPTED_FILE } from '../accepted-changes';
import { runCheckVersion } from '../check-version';
import { diffSpecs } from '../diff-specs';
import { miniSpec } from './support/mini-spec';
import type { MiniSpec } from './support/mini-spec';
import { captureIo, createTempRepo } from './support/temp-repo';
import type { TempRepo } from './support/temp-repo';

/** A spec with the optional `note` removed from the Item response: a breaking change. */
function withoutNote(version: string): MiniSpec {
  const spec = miniSpec();
  spec.info.version = version;
  delete spec.components.schemas.Item!.properties!.note;
  return spec;
}

describe('npm run spec:check-version', () => {
  let repo: TempRepo;

  beforeEach(() => {
    repo = createTempRepo();
  });
  afterEach(() => repo.remove());

  function check(argv: string[] = [], env: NodeJS.ProcessEnv = {}) {
    const run = captureIo(repo.dir);
    const code = runCheckVersion(argv, run.io, env);
    return { code, out: run.out.join('\n'), err: run.err.join('\n') };
  }

  it('fails with exit 2, naming what to pass, while the spec has no commit', () => {
    repo.commit('empty');
    repo.writeSpec(miniSpec());
    expect(check()).toEqual({
      code: 2,
      out: '',
      err: 'model-gateway check-version: spec/openapi.yaml has no commit yet, so there is no earlier version to compare with: commit it, or pass --base-file FILE (the spec as last released)',
    });
  });

  it('compares an uncommitted edit with the first commit of the spec', () => {
    repo.commit('empty');
    repo.writeSpec(miniSpec());
    repo.commit('spec added');
    expect(check().out).toMatch(
      /^model-gateway check-version: spec\/openapi.yaml against the first commit of the spec \([0-9a-f]{10}\): no breaking change/,
    );
    repo.writeSpec(withoutNote('1.0.0'));
    expect(check().code).toBe(1);
  });

  it('compares with the oldest commit there is in a shallow clone, and says so', () => {
    repo.writeSpec(miniSpec());
    repo.commit('first');
    repo.writeSpec(withoutNote('1.0.0'));
    repo.commit('breaking, no bump');
    repo.commit('later');
    const shallow = createTempRepo();
    try {
      shallow.git('clone', '-q', '--depth', '1', `file://${repo.dir}`, 'clone');
      const run = captureIo(`${shallow.dir}/clone`);
      expect(runCheckVersion([], run.io, {})).toBe(0);
      expect(run.out.join('\n')).toMatch(
        /against the oldest commit of the spec in this shallow clone \([0-9a-f]{10}\): no breaking change/,
      );
    } finally {
      shallow.remove();
    }
  });

  it('catches a breaking change made commits ago, whatever the last commit touched', () => {
    repo.writeSpec(miniSpec());
    repo.commit('1.0.0');
    repo.writeSpec(withoutNote('1.0.0'));
    repo.commit('breaking, no bump');
    repo.commit('later, unrelated');
    const result = check();
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/against the first commit of the spec \([0-9a-f]{10}\): 1 breaking change/);
  });

  const objectConst = (value: string) => (spec: MiniSpec) =>
    void (spec.components.schemas.Item!.properties!.object = { type: 'string', const: value });

  it.each<[string, (spec: MiniSpec) => void, (spec: MiniSpec) => void, string]>([
    [
      'a request body closed to members it does not name',
      () => undefined,
      (spec) => void (spec.components.schemas.ItemRequest!.additionalProperties = false),
      '✗ [clients, gateways] POST /items request body (application/json): additionalProperties false added',
    ],
    [
      'a response const changed',
      objectConst('response'),
      objectConst('response.v2'),
      '✗ [clients, gateways] schema Item object: const "response" → "response.v2"',
    ],
  ])('stops %s without a major bump', (_name, base, edit, line) => {
    const released = miniSpec();
    base(released);
    repo.writeSpec(released);
    repo.commit('1.0.0');
    const edited = miniSpec();
    base(edited);
    edit(edited);
    edited.info.version = '1.1.0';
    repo.writeSpec(edited);
    const result = check();
    expect(result.code).toBe(1);
    expect(result.err).toContain('1 breaking change(s) without a major bump');
    expect(result.err).toContain(line);
  });

  it('compares with the last commit of the previous version: a minor bump does not cover a later breaking change', () => {
    repo.writeSpec(miniSpec());
    repo.commit('1.0.0');
    const minor = miniSpec();
    minor.info.version = '1.1.0';
    minor.components.schemas.ItemRequest!.properties!.extra = { type: 'string' };
    repo.writeSpec(minor);
    repo.commit('1.1.0 adds extra');
    const breaking = withoutNote('1.1.0');
    breaking.components.schemas.ItemRequest!.properties!.extra = { type: 'string' };
    repo.writeSpec(breaking);
    repo.commit('1.1.0 drops note');
    const result = check();
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/against the last commit with info.version 1.0.0 \([0-9a-f]{10}\): 1 breaking change/);
    expect(result.err).toContain('set info.version to 2.0.0');
  });

  it('lets changes after a major bump through, against the last commit of the old major version', () => {
    repo.writeSpec(miniSpec());
    repo.commit('1.0.0');
    repo.writeSpec(withoutNote('2.0.0'));
    repo.commit('2.0.0 drops note');
    const later = withoutNote('2.0.0');
    delete later.components.schemas.ItemRequest!.properties!.name;
    repo.writeSpec(later);
    repo.commit('2.0.0 also drops name');
    const result = check();
    expect(result.code).toBe(0);
    expect(result.out).toMatch(
      /against the last commit with info.version 1.0.0 \([0-9a-f]{10}\): \d+ breaking change\(s\), released as a new major version/,
    );
  });

  it('passes a non-breaking change without a version bump', () => {
    repo.writeSpec(miniSpec());
    repo.commit('1.0.0');
    const spec = miniSpec();
    spec.components.schemas.ItemRequest!.properties!.extra = { type: 'string' };
    repo.writeSpec(spec);
    repo.commit('add extra');
    const result = check();
    expect(result.code).toBe(0);
    expect(result.out).toContain(': no breaking change; 0 breaking, 1 non-breaking');
  });

  it('fails a breaking change without a major bump and names the change and the version to use', () => {
    repo.writeSpec(miniSpec());
    repo.commit('1.0.0');
    repo.writeSpec(withoutNote('1.1.0'));
    repo.commit('drop note');
    const result = check();
    expect(result.code).toBe(1);
    expect(result.err).toContain(
      '1 breaking change(s) without a major bump of info.version (info.version 1.0.0 → 1.1.0)',
    );
    expect(result.err).toContain(
      '✗ [clients] schema Item note: property `note` removed (clients and generated types that read it lose it); used at 2 places in GET /items, POST /items',
    );
    expect(result.err).toContain('set info.version to 2.0.0');
  });

  it('passes a breaking change that comes with a major bump', () => {
    repo.writeSpec(miniSpec());
    repo.commit('1.0.0');
    repo.writeSpec(withoutNote('2.0.0'));
    repo.commit('2.0.0 drops note');
    const result = check();
    expect(result.code).toBe(0);
    expect(result.out).toContain('1 breaking change(s), released as a new major version (info.version 1.0.0 → 2.0.0)');
  });

  it('checks the working tree, so an uncommitted breaking edit fails before it is committed', () => {
    repo.writeSpec(miniSpec());
    repo.commit('1.0.0');
    repo.commit('unrelated');
    repo.writeSpec(withoutNote('1.0.0'));
    expect(check().code).toBe(1);
  });

  it('compares with the merge base of SPEC_BASE_REF when it is set', () => {
    repo.writeSpec(miniSpec());
    repo.commit('1.0.0');
    repo.git('branch', 'released');
    repo.writeSpec(withoutNote('1.0.0'));
    repo.commit('breaking');
    repo.commit('later, unrelated');
    const result = check([], { SPEC_BASE_REF: 'released' });
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/against merge base with released \([0-9a-f]{10}\): 1 breaking change/);
  });

  it('fails with exit 2 for an unknown --base', () => {
    repo.writeSpec(miniSpec());
    repo.commit('1.0.0');
    expect(check(['--base', 'nope'])).toEqual({
      code: 2,
      out: '',
      err: 'model-gateway check-version: unknown git ref "nope" (from --base)',
    });
  });

  it('fails a breaking change when info.version is not a semantic version', () => {
    repo.writeSpec(miniSpec());
    repo.commit('1.0.0');
    repo.commit('unrelated');
    repo.writeSpec(withoutNote('v2'));
    const result = check();
    expect(result.code).toBe(1);
    expect(result.err).toContain('info.version "v2" is not a semantic version');
  });
});

describe('npm run spec:check-version on changes it cannot classify', () => {
  let repo: TempRepo;

  beforeEach(() => {
    repo = createTempRepo();
  });
  afterEach(() => repo.remove());

  /** A rule changed inside an allOf member of the request: the diff leaves it for review. */
  function withRule(version: string, required: string[]): MiniSpec {
    const spec = miniSpec();
    spec.info.version = version;
    spec.components.schemas.ItemRequest!.allOf = [
      { title: 'names it', anyOf: required.map((name) => ({ required: [name] })) },
    ];
    return spec;
  }

  function check(argv: string[] = []) {
    const run = captureIo(repo.dir);
    const code = runCheckVersion(argv, run.io, {});
    return { code, out: run.out.join('\n'), err: run.err.join('\n') };
  }

  function unclassifiedSince(version: string): void {
    repo.writeSpec(withRule('1.0.0', ['name', 'kind']));
    repo.commit('1.0.0');
    repo.writeSpec(withRule(version, ['name']));
  }

  it.each<[string, string, string | undefined, 0 | 1, RegExp]>([
    [
      'stops an unclassified change without a major bump',
      '1.1.0',
      undefined,
      1,
      /unclassified change\(s\) without a major bump/,
    ],
    [
      'lets an unclassified change through with a major bump',
      '2.0.0',
      undefined,
      0,
      /unclassified change\(s\), released as a new major version/,
    ],
    [
      'lets an accepted change through and says why',
      '1.1.0',
      'reviewed: the server already refused these',
      0,
      /because: reviewed: the server already refused these/,
    ],
  ])('%s', (_name, version, reason, code, text) => {
    unclassifiedSince(version);
    if (reason !== undefined) {
      const first = check();
      const pointers = [...first.err.matchAll(/^ {2}\? .*$/gm)].length;
      expect(pointers).toBeGreaterThan(0);
      writeAccepted(repo.dir, reason);
    }
    const result = check();
    expect(result.code).toBe(code);
    expect(code === 0 ? result.out : result.err).toMatch(text);
  });

  it('notes a stale accepted entry against the previous version only, not against another base', () => {
    unclassifiedSince('1.1.0');
    writeAccepted(repo.dir, 'reviewed');
    repo.writeSpec(withRule('1.1.0', ['name', 'kind']));
    expect(check().out).toMatch(/note: accepted change no longer found/);
    expect(check(['--base', 'HEAD']).out).not.toMatch(/no longer found/);
  });

  it('refuses an accepted entry without a reason (exit 2)', () => {
    unclassifiedSince('1.1.0');
    writeAccepted(repo.dir, '');
    const result = check();
    expect(result.code).toBe(2);
    expect(result.err).toContain('needs a pointer, what and a reason');
  });
});

describe('npm run spec:check-version --audience', () => {
  let repo: TempRepo;

  beforeEach(() => {
    repo = createTempRepo();
  });
  afterEach(() => repo.remove());

  function check(argv: string[] = []) {
    const run = captureIo(repo.dir);
    const code = runCheckVersion(argv, run.io, {});
    return { code, out: run.out.join('\n'), err: run.err.join('\n') };
  }

  /** A request enum value added since 1.0.0: it breaks gateways that still refuse it, no client. */
  function gatewayOnlySince(version: string): void {
    repo.writeSpec(miniSpec());
    repo.commit('1.0.0');
    const spec = miniSpec();
    spec.info.version = version;
    spec.components.schemas.ItemRequest!.properties!.kind!.enum = ['small', 'large', 'huge'];
    repo.writeSpec(spec);
  }

  it.each<[string, string[], 0 | 1, RegExp]>([
    [
      'stops a change that breaks gateways only, guarding both by default',
      [],
      1,
      /1 breaking change\(s\) without a major bump of info.version \(info.version 1.0.0 → 1.1.0\); guarding clients and gateways:\n {2}✗ \[gateways\] POST \/items/,
    ],
    ['stops it guarding gateways', ['--audience', 'gateways'], 1, /; guarding gateways:/],
    [
      'lets it through guarding clients, and says it was not guarded',
      ['--audience', 'clients'],
      0,
      /no breaking change;[^\n]*\n {2}not guarded: 1 change\(s\) break only gateways \(--audience clients\)/,
    ],
  ])('%s', (_name, argv, code, text) => {
    gatewayOnlySince('1.1.0');
    const result = check(argv);
    expect(result.code).toBe(code);
    expect(code === 0 ? result.out : result.err).toMatch(text);
  });

  it('keeps an accepted entry for a change that breaks only an audience it does not guard', () => {
    gatewayOnlySince('1.1.0');
    writeAccepted(repo.dir, 'reviewed: gateways already accepted it');
    expect(check().out).toMatch(/accepted: ✗ \[gateways\] POST \/items/);
    const clientsOnly = check(['--audience', 'clients']);
    expect(clientsOnly.code).toBe(0);
    expect(clientsOnly.out).not.toMatch(/no longer found/);
  });

  it('exits 2 for an audience it does not know', () => {
    gatewayOnlySince('1.1.0');
    const result = check(['--audience', 'servers']);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(
      /^model-gateway check-version: --audience must be one of clients, gateways, both, not "servers"/,
    );
  });
});

/** Accepts every change the diff reports between the last commit and the working tree. */
function writeAccepted(dir: string, reason: string): void {
  const before = parse(execFileSync('git', ['show', 'HEAD:spec/openapi.yaml'], { cwd: dir, encoding: 'utf8' }));
  const after = parse(readFileSync(path.join(dir, 'spec', 'openapi.yaml'), 'utf8'));
  const accepted = diffSpecs(before, after)
    .changes.filter((change) => change.severity === 'unclassified' || change.severity === 'breaking')
    .map((change) => ({ pointer: change.pointer, what: change.what, reason }));
  mkdirSync(path.join(dir, path.dirname(ACCEPTED_FILE)), { recursive: true });
  writeFileSync(path.join(dir, ACCEPTED_FILE), JSON.stringify({ accepted }));
}
