// Expressions run inside the page are strings: this project's TypeScript has no DOM library.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { runConformanceAgainstMock } from '../support/conformance-run';
import type { ConformanceRun } from '../support/conformance-run';
import { launchChromium } from '../../../../kit/test/support/headless-chromium';
import type { HeadlessChromium } from '../../../../kit/test/support/headless-chromium';

/** The page the conformance CLI wrote, as a reader meets it: Debian's chromium, no network, a 1280-pixel window. */
async function openReport(browser: HeadlessChromium, run: ConformanceRun): Promise<Page> {
  const file = path.join(run.reportDir, 'conformance.html');
  const page = await browser.context.newPage();
  await page.goto(pathToFileURL(file).href);
  return page;
}

describe('conformance.html in headless Chromium', () => {
  let browser: HeadlessChromium;
  let failing: ConformanceRun;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
    failing = await runConformanceAgainstMock(true);
    reportDirs.push(failing.reportDir);
    page = await openReport(browser, failing);
  }, 60_000);
  const reportDirs: string[] = [];
  afterAll(async () => {
    await browser?.close();
    for (const dir of reportDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('shows the verdict with the run totals at the top', async () => {
    const { pass, fail, skip } = failing.json.totals;
    expect(failing.exitCode).toBe(1);
    expect(fail).toBe(1);
    await expect(page.locator('#verdict').innerText()).resolves.toBe(`FAIL: ${pass} passed, 1 failed, ${skip} skipped`);
    expect(await page.title()).toMatch(/^FAIL: /);
    const box = await page.locator('#verdict').boundingBox();
    expect(box?.y).toBeLessThan(200);
  });

  it('shows the operations-by-checks matrix with every operation and the failing cell marked', async () => {
    const headers = await page.locator('table.matrix thead th').allInnerTexts();
    expect(headers).toEqual(['Check', 'createResponse', 'unassignGuardrailKeys', 'listEmbeddingsModels', 'getModel']);
    const row = page.locator('table.matrix tbody tr', {
      has: page.locator('th', { hasText: /^response-schema-valid$/ }),
    });
    const cells = await row.locator('td').allInnerTexts();
    const tally = failing.json.operations.getModel!.checks['response-schema-valid']!;
    expect(cells[3]).toBe(`✗ 1 ✓ ${tally.pass}`);
    expect(cells[0]).toMatch(/^✓ \d+$/);
    const background = (title: string) =>
      page.evaluate<string>(`getComputedStyle(document.querySelector('td[title^="${title}"]')).backgroundColor`);
    const failColour = await background('getModel × response-schema-valid:');
    const passColour = await background('createResponse × response-schema-valid:');
    expect(failColour).toMatch(/^rgb/);
    expect(failColour).not.toBe(passColour);
  });

  it('takes the reader from the failing cell to the failure, with what was wrong and how to reproduce it', async () => {
    await page.locator('table.matrix a[href="#failure-1"]').click();
    expect(await page.evaluate<string>('location.hash')).toBe('#failure-1');
    const failure = page.locator('#failure-1');
    await expect(failure.isVisible()).resolves.toBe(true);
    const text = await failure.innerText();
    expect(text).toContain('1. response-schema-valid getModel · catalog/getModel/model');
    expect(text).toContain('/data/context_length must be integer');
    expect(text).toMatch(/Received\n+200 application\/json/);
    expect(text).toContain('"context_length":"');
    expect(text).toMatch(
      /Reproduce\n+curl -sS -X GET 'http:\/\/127\.0\.0\.1:\d+\/api\/v1\/model\/openai\/gpt-4o' -H "Authorization: Bearer \$API_KEY"/,
    );
    const top = await failure.evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThan(-1); // scrolled to it (sub-pixel rounding aside)
    expect(top).toBeLessThan(900);
  });

  it('shows the status coverage of each operation', async () => {
    const rows = await page.locator('table.coverage tbody tr').allInnerTexts();
    expect(rows).toHaveLength(4);
    const coverage = failing.json.operations.getModel!.statuses!;
    const getModel = rows.find((r) => r.startsWith('getModel'));
    expect(getModel).toBe(
      `getModel\t${coverage.observed.length} of ${coverage.documented.length}\t${coverage.observed.join(' ')}\t${coverage.never.join(' ') || 'none'}\tnone`,
    );
  });

  it('shows what the traffic exercised of the document in a table of its own, apart from the status coverage', async () => {
    const rows = await page.locator('table.exercised tbody tr').allInnerTexts();
    expect(rows.map((row) => row.split('\t')[0])).toEqual(['operations', 'features', 'stream event types']);
  });

  it('lists the skipped scenarios with their reasons', async () => {
    const skipped = failing.json.scenarios.filter((s) => s.outcome === 'skip');
    expect(skipped.length).toBeGreaterThan(0);
    await expect(page.locator('#skipped h2').innerText()).resolves.toBe(`Skipped (${skipped.length})`);
    await expect(page.locator('#skipped li').first().innerText()).resolves.toBe(
      `${skipped[0]!.id}: ${skipped[0]!.skipReason}`,
    );
  });

  it('keeps the scenario list folded until the reader opens it', async () => {
    const table = page.locator('table.scenarios');
    await expect(table.isVisible()).resolves.toBe(false);
    await page.locator('#scenarios summary').click();
    await expect(table.isVisible()).resolves.toBe(true);
    await expect(table.locator('tbody tr').count()).resolves.toBe(failing.json.scenarios.length);
  });

  it('fits the window width and asks for nothing over the network', async () => {
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await page.locator('script, link[rel="stylesheet"], img').count()).toBe(0);
    expect(browser.networkRequests).toEqual([]);
  });

  it('says PASS and that no check failed for a conforming gateway', async () => {
    const passing = await runConformanceAgainstMock(false);
    reportDirs.push(passing.reportDir);
    const passPage = await openReport(browser, passing);
    expect(passing.exitCode).toBe(0);
    await expect(passPage.locator('#verdict').innerText()).resolves.toMatch(
      /^PASS: \d+ passed, 0 failed, \d+ skipped$/,
    );
    await expect(passPage.locator('#failures').innerText()).resolves.toBe('Failures (0)\n\nNo check failed.');
    await expect(passPage.locator('table.matrix td.fail').count()).resolves.toBe(0);
  }, 30_000);
});
