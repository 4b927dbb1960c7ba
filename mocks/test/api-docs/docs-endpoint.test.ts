import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load as parse } from 'js-yaml';
import { SPEC_PATH } from '../../../kit/contract/contract';
import type { MockServer } from '../../src/runtimes/node/server';
import { renderedFrom, specHash } from '../../src/api-docs/render-docs';
import { loadMockFromFiles } from '../../src/watch/load-mock-from-files';
import { startWatchedMock } from '../watch/support';

describe('docs and raw spec under /__mock/', () => {
  let dir: string;
  let docsHtmlPath: string;
  let mock: MockServer;
  let origin: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'mock-docs-'));
    docsHtmlPath = path.join(dir, 'docs', 'index.html');
    mock = loadMockFromFiles({ docsHtmlPath });
    origin = new URL(await mock.listen(0)).origin;
  });
  afterAll(async () => {
    await mock.close(200);
    rmSync(dir, { recursive: true, force: true });
  });

  it('returns the spec as written at GET /__mock/openapi.yaml', async () => {
    const res = await fetch(`${origin}/__mock/openapi.yaml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
    expect(await res.text()).toBe(readFileSync(SPEC_PATH, 'utf8'));
  });

  it('returns the same document as JSON at GET /__mock/openapi.json', async () => {
    const res = await fetch(`${origin}/__mock/openapi.json?pretty`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toEqual(parse(readFileSync(SPEC_PATH, 'utf8')));
  });

  it('serves the page `npm run docs` built when it was rendered from the spec the mock serves', async () => {
    mkdirSync(path.dirname(docsHtmlPath), { recursive: true });
    const page = `<!doctype html><head><meta name="spec-sha256" content="${specHash(readFileSync(SPEC_PATH, 'utf8'))}"></head>`;
    writeFileSync(docsHtmlPath, page);
    const res = await fetch(`${origin}/__mock/docs/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(page);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await fetch(`${origin}/__mock/openapi.yaml`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(readFileSync(SPEC_PATH, 'utf8')));
    expect(await res.text()).toBe('');
  });

  it('returns 404 with the envelope for another method on a docs route', async () => {
    const res = await fetch(`${origin}/__mock/openapi.yaml`, { method: 'POST' });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /^No admin endpoint POST \/__mock\/openapi\.yaml/,
    );
  });
});

describe('docs routes beyond loopback', () => {
  it('asks for the management key, like every /__mock/ endpoint', async () => {
    const mock = loadMockFromFiles({ options: { adminRequiresManagementKey: true } });
    const origin = new URL(await mock.listen(0)).origin;
    try {
      expect((await fetch(`${origin}/__mock/openapi.json`)).status).toBe(401);
      expect(
        (await fetch(`${origin}/__mock/openapi.json`, { headers: { authorization: 'Bearer sk-mock-user' } })).status,
      ).toBe(403);
      const allowed = await fetch(`${origin}/__mock/openapi.json`, {
        headers: { authorization: 'Bearer sk-mock-management' },
      });
      expect(allowed.status).toBe(200);
    } finally {
      await mock.close(200);
    }
  });
});

/** The title the rendered page shows: the spec's info.title. */
function titleOf(html: string): string | undefined {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1];
}

function withTitle(text: string, title: string): string {
  return text.replace(/^  title: .*$/m, `  title: ${title}`);
}

describe('the API reference of the spec being served', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'mock-docs-spec-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('renders the reference of a --spec file, not a page built from another spec', async () => {
    const specPath = path.join(dir, 'edited.yaml');
    const text = withTitle(readFileSync(SPEC_PATH, 'utf8'), 'Edited Gateway');
    writeFileSync(specPath, text);
    const docsHtmlPath = path.join(dir, 'index.html');
    writeFileSync(
      docsHtmlPath,
      '<!doctype html><head><meta name="spec-sha256" content="' + '0'.repeat(64) + '"></head>',
    );
    const cacheDir = path.join(dir, 'cache');
    const mock = loadMockFromFiles({ specPath, docsHtmlPath, docsCacheDir: cacheDir });
    const origin = new URL(await mock.listen(0)).origin;
    try {
      const res = await fetch(`${origin}/__mock/docs`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(titleOf(html)).toBe('Edited Gateway');
      expect(renderedFrom(html)).toBe(specHash(text));
      // Kept for the next mock on the same text.
      expect(readFileSync(path.join(cacheDir, `${specHash(text)}.html`), 'utf8')).toBe(html);
    } finally {
      await mock.close(200);
    }
  }, 120_000);

  it('renders the reference again after a --watch reload of the spec', async () => {
    const watched = await startWatchedMock();
    try {
      const edited = withTitle(readFileSync(watched.specPath, 'utf8'), 'Reloaded Gateway');
      writeFileSync(watched.specPath, edited);
      expect((await watched.nextEvent()).kind).toBe('reloaded');
      const html = await (await fetch(`${watched.origin}/__mock/docs`)).text();
      expect(titleOf(html)).toBe('Reloaded Gateway');
      expect(renderedFrom(html)).toBe(specHash(edited));
    } finally {
      await watched.stop();
    }
  }, 120_000);
});
