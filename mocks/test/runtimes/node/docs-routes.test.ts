import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load as parse } from 'js-yaml';
import { SPEC_PATH } from '../../../../kit/contract/contract';
import type { MockServer } from '../../../src/runtimes/node/server';
import { buildMock } from '../../../src/runtimes/node/watch/build-mock';

describe('docs and raw spec under /__mock/', () => {
  let dir: string;
  let docsHtmlPath: string;
  let mock: MockServer;
  let origin: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'mock-docs-'));
    docsHtmlPath = path.join(dir, 'docs', 'index.html');
    mock = buildMock({ docsHtmlPath });
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

  it('returns 404 with the error envelope and the command to run when the reference is not built', async () => {
    const res = await fetch(`${origin}/__mock/docs`);
    expect(res.status).toBe(404);
    const body = (await res.json()) as { error: { code: number; message: string } };
    expect(body.error.code).toBe(404);
    expect(body.error.message).toMatch(
      /^The API reference is not built: run `npm run docs` \(it writes .*index\.html\), then reload \/__mock\/docs$/,
    );
  });

  it('serves the built reference at GET /__mock/docs, read afresh on each request', async () => {
    mkdirSync(path.dirname(docsHtmlPath), { recursive: true });
    writeFileSync(docsHtmlPath, '<!doctype html><title>Model Gateway API</title>');
    const res = await fetch(`${origin}/__mock/docs/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe('<!doctype html><title>Model Gateway API</title>');
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
    const mock = buildMock({ options: { adminRequiresManagementKey: true } });
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
