import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { BrowserContext } from 'playwright-core';
import type SparticuzChromium from '@sparticuz/chromium' with { 'resolution-mode': 'import' };

// @sparticuz/chromium lists its ES module types before its CommonJS build in `exports`, so
// TypeScript (node16) reads this CommonJS file's import as an import of an ES module and refuses it.
// At run time require() gets the CommonJS build, whose module.exports is the Chromium class.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const sparticuz = require('@sparticuz/chromium') as typeof SparticuzChromium;

/**
 * The browser comes from the npm registry: @sparticuz/chromium ships a headless Chromium inside its
 * package (unpacked by jest's global setup, kit/test/support/extract-chromium.js), and
 * playwright-core drives it. No system package, no download at run time.
 *
 * @sparticuz/chromium's own flags turn web security off (`--disable-web-security`: no CORS, no
 * same-origin policy) for its serverless users; those are left out, so pages here run under the
 * rules a user's browser applies, and a CORS mistake of the mock fails a test as it would fail an app.
 */
const SECURITY_OFF = /^--(disable-web-security|disable-site-isolation-trials|allow-running-insecure-content)$/;
const FLAGS = [
  ...sparticuz.args.filter((flag) => !SECURITY_OFF.test(flag)),
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface HeadlessChromium {
  readonly context: BrowserContext;
  /** Every URL the pages asked for that is neither a file nor on 127.0.0.1 (when allowed): none gets through. */
  readonly networkRequests: string[];
  close(): Promise<void>;
}

export interface LaunchOptions {
  /**
   * Lets pages reach the servers a test starts on 127.0.0.1 (everything else stays cut off). The
   * requests are not intercepted then: an interception would answer CORS preflights in the
   * browser's place, and the preflight is part of what such a test checks.
   */
  readonly loopback?: boolean;
}

/** A proxy nothing listens on: every request that is not to loopback (Chromium never proxies those) fails. */
const NO_NETWORK = '--proxy-server=http://127.0.0.1:9';

/** Starts headless Chromium with a fresh profile and the network cut off. */
export async function launchChromium(options: LaunchOptions = {}): Promise<HeadlessChromium> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'chromium-profile-'));
  const loopback = options.loopback === true;
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: await sparticuz.executablePath(),
    headless: true,
    chromiumSandbox: false,
    args: loopback ? [...FLAGS, NO_NETWORK] : FLAGS,
    viewport: { width: 1280, height: 900 },
  });
  const networkRequests: string[] = [];
  const local = (url: string): boolean =>
    url.startsWith('file:') || url.startsWith('data:') || (loopback && url.startsWith('http://127.0.0.1:'));
  if (loopback) {
    context.on('request', (request) => {
      if (!local(request.url())) networkRequests.push(request.url());
    });
  } else {
    await context.route('**/*', async (route) => {
      const url = route.request().url();
      if (local(url)) {
        await route.continue();
      } else {
        networkRequests.push(url);
        await route.abort();
      }
    });
  }
  return {
    context,
    networkRequests,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
