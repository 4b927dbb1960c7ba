// vitest.config.ts: Vitest 4, jsdom, msw 2 or 3. Vitest loads ES-module-only packages itself.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { environment: 'jsdom', globals: true },
});
