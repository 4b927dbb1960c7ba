import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { BrowserContext } from 'playwright-core';

/** Debian's chromium package; playwright-core drives it and downloads no browser of its own. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

const FLAGS = [
  '--headless',
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

/**
 * Starts headless Chromium with a fresh profile and the network cut off. Fails with the install
 * line when the browser is missing: the HTML report test must never pass by skipping.
 */
export async function launchChromium(): Promise<HeadlessChromium> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `${CHROMIUM_PATH} is missing: install Debian's chromium (apt-get install -y chromium); CI's .ci/run must install it too`,
    );
  }
  const profile = mkdtempSync(path.join(os.tmpdir(), 'chromium-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
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
