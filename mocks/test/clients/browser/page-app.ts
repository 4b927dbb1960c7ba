import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Page } from 'playwright-core';
import { startStandInServer } from '../../../../kit/test/support/stand-in-server';
import type { StandInServer } from '../../../../kit/test/support/stand-in-server';
import type { HeadlessChromium } from '../../../../kit/test/support/headless-chromium';

/** A route of the app's server: answers and returns true, or returns false to pass. */
export type AppRoute = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * The frontend app's own server on its own origin (127.0.0.1, another port than the mock's), as
 * a dev server serves it: a page at `/` that loads the bundled client libraries from `/app.js`,
 * and whatever `routes` add (an API route, a proxy to the mock).
 */
export function startPageApp(script: string, routes: readonly AppRoute[] = []): Promise<StandInServer> {
  return startStandInServer((req, res) => {
    for (const route of routes) if (route(req, res)) return;
    if (req.url === '/app.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      res.end(script);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html><head><script src="/app.js"></script></head><body></body></html>');
  });
}

/** A new tab on the app's page. */
export async function openPage(browser: HeadlessChromium, app: StandInServer): Promise<Page> {
  const page = await browser.context.newPage();
  await page.goto(app.origin);
  return page;
}
