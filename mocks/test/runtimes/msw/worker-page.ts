import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { launchChromium } from '../../../../kit/test/support/headless-chromium';
import type { HeadlessChromium } from '../../../../kit/test/support/headless-chromium';
import type { StandInServer } from '../../../../kit/test/support/stand-in-server';
import { openPage, startPageApp } from '../../clients/browser/page-app';
import type { AppRoute } from '../../clients/browser/page-app';
import { bundleWithSetup } from '../browser/bundle-with-setup';

/** msw's worker script, served from the app's root as msw's docs say (`npx msw init public/`). */
const workerScript: AppRoute = (req, res) => {
  if (req.url !== '/mockServiceWorker.js') return false;
  res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
  res.end(readFileSync(require.resolve('msw/mockServiceWorker.js'), 'utf8'));
  return true;
};

export interface WorkerPage {
  readonly browser: HeadlessChromium;
  readonly page: Page;
  close(): Promise<void>;
}

/**
 * Headless Chromium (web security on, network cut off) on a page of the app's own test server
 * (the only thing listening), whose script is `app` bundled as a frontend build bundles it, with
 * msw's worker script beside it; resolves once the page's `ready` expression has settled.
 */
export async function startWorkerPage(app: string, ready: string): Promise<WorkerPage> {
  const [script, browser] = await Promise.all([bundleWithSetup(app), launchChromium({ loopback: true })]);
  let server: StandInServer | undefined;
  try {
    server = await startPageApp(script, [workerScript]);
    const page = await openPage(browser, server);
    await page.evaluate(ready);
    const started = server;
    return {
      browser,
      page,
      close: async () => {
        await browser.close();
        await started.close();
      },
    };
  } catch (err) {
    await browser.close();
    await server?.close();
    throw err;
  }
}
