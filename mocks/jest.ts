/**
 * `model-gateway-mock/jest`: a Jest config helper for tests that run the mock's msw handlers
 * (msw 2 or 3) and the client libraries published as ES modules only, in Jest's CommonJS
 * runtime (docs/browser-tests.md, "Jest"). Node only: Jest loads it from its config.
 */
export { withModelGatewayMock, ESM_TRANSFORM } from './src/runtimes/node/jest/jest-config';
export type { JestConfigPart } from './src/runtimes/node/jest/jest-config';
