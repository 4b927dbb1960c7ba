import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { load as parse } from 'js-yaml';
import { renderedFrom, specHash } from '../../mocks/src/api-docs/render-docs';
import { launchChromium } from '../../kit/test/support/headless-chromium';
import type { HeadlessChromium } from '../../kit/test/support/headless-chromium';

const ROOT = path.join(__dirname, '..', '..');

function readSpecVersion(): string {
  const version = (
    parse(readFileSync(path.join(ROOT, 'spec', 'openapi.yaml'), 'utf8')) as { info: { version: string } }
  ).info.version;
  return version;
}

describe('npm run docs', () => {
  let dir: string;
  let output: string;
  let stdout: string;
  let browser: HeadlessChromium | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'docs-'));
    output = path.join(dir, 'reference.html');
    const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
    ({ stdout } = await promisify(execFile)(tsx, [path.join(ROOT, 'api-docs', 'build-docs.ts'), '--output', output], {
      cwd: ROOT,
    }));
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes one HTML file and says where', () => {
    expect(stdout).toMatch(
      /^wrote .*reference\.html \(\d+ KiB, self-contained\) in \d+ ms; the mock serves it at \/__mock\/docs\n$/,
    );
    const html = readFileSync(output, 'utf8');
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    expect(html).toContain('<meta http-equiv="Content-Security-Policy" content="default-src \'none\';');
  });

  it('renders every operation of the spec in a browser with no network', async () => {
    browser = await launchChromium();
    const page = await browser.context.newPage();
    await page.goto(pathToFileURL(output).href);
    await page.getByText('/guardrails/{id}/assignments/keys/remove').first().waitFor({ timeout: 15_000 });
    const text = await page.locator('body').innerText();
    for (const route of [
      '/responses',
      '/guardrails/{id}/assignments/keys/remove',
      '/embeddings/models',
      '/model/{author}/{slug}',
    ]) {
      expect(text).toContain(route);
    }
    expect(text).toContain(`Model Gateway API (${readSpecVersion()})`);
    expect(await page.title()).toBe('Model Gateway API');
    expect(browser.networkRequests).toEqual([]);
  }, 30_000);

  it('renders another spec with --spec, marked with the hash of its text', async () => {
    const spec = path.join(dir, 'edited.yaml');
    const text = readFileSync(path.join(ROOT, 'spec', 'openapi.yaml'), 'utf8').replace(
      /^  title: .*$/m,
      '  title: Edited Gateway',
    );
    writeFileSync(spec, text);
    const out = path.join(dir, 'edited.html');
    const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
    await promisify(execFile)(tsx, [path.join(ROOT, 'api-docs', 'build-docs.ts'), '--spec', spec, '--output', out], {
      cwd: ROOT,
    });
    const html = readFileSync(out, 'utf8');
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe('Edited Gateway');
    expect(renderedFrom(html)).toBe(specHash(text));
  }, 60_000);

  it('exits 2 on an unknown argument', async () => {
    const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
    const failure = await promisify(execFile)(tsx, [path.join(ROOT, 'api-docs', 'build-docs.ts'), '--bogus'], {
      cwd: ROOT,
    }).then(
      () => undefined,
      (err: { code: number; stderr: string }) => err,
    );
    expect(failure?.code).toBe(2);
    expect(failure?.stderr).toContain("docs: Unknown option '--bogus'");
  });
});
