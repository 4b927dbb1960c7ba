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
