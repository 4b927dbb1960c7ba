import { setupWorker } from 'msw/browser';
import { createHandlers } from 'model-gateway-mock/msw';

/** Call before the app renders: every call to the gateway is then answered in the page. */
export async function startMockGateway() {
  const mock = createHandlers({ baseUrl: 'https://gateway.test/api/v1' });
  const worker = setupWorker(...mock.handlers);
  await worker.start({ onUnhandledRequest: 'bypass' });
  return mock;
}
