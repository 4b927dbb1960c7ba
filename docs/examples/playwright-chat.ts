import type { Page } from 'playwright-core';

/**
 * A Playwright test's steps against a page whose app called startMockGateway(): the browser
 * answers the gateway itself, so no mock server runs beside the tests.
 */
export async function askAndReadTheAnswer(page: Page): Promise<string> {
  await page.getByRole('textbox').fill('hello');
  await page.getByRole('button', { name: 'Send' }).click();
  const answer = page.getByRole('status');
  await answer.getByText('Hello! How can I help you today?').waitFor();
  return answer.innerText();
}
