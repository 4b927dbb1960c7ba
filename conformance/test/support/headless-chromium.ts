import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sparticuz from '@sparticuz/chromium';
import { chromium } from 'playwright-core';
import type { BrowserContext } from 'playwright-core';

/**
 * The browser comes from the npm registry: @sparticuz/chromium ships a headless Chromium inside its
 * package (unpacked by jest's global setup, conformance/test/support/extract-chromium.js), and
 * playwright-core drives it. No system package, no download at run time.
 */
const FLAGS = [
  ...sparticuz.args,
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
  /** Every URL the pages asked for that is not a file: a self-contained page asks for none. */
  readonly networkRequests: string[];
  close(): Promise<void>;
}

/** Starts headless Chromium with a fresh profile and the network cut off. */
export async function launchChromium(): Promise<HeadlessChromium> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'chromium-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: await sparticuz.executablePath(),
    headless: true,
    chromiumSandbox: false,
    args: FLAGS,
    viewport: { width: 1280, height: 900 },
  });
  const networkRequests: string[] = [];
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    if (url.startsWith('file:') || url.startsWith('data:')) {
      await route.continue();
    } else {
      networkRequests.push(url);
      await route.abort();
    }
  });
  return {
    context,
    networkRequests,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
