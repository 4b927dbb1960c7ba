/**
 * `model-gateway-mock/msw`: the mock as Mock Service Worker (msw) request handlers, for tests
 * that mock the network in-process (Vitest or Jest with jsdom, Storybook, a page's service
 * worker) instead of talking to a server. msw 2 or 3 is the user's own (a peer dependency).
 * Imports nothing of Node: a bundler takes it into a page as is (docs/browser-tests.md).
 */
export { createHandlers } from './src/runtimes/msw/create-handlers';
export type { MockHandlers, MockHandlersInit } from './src/runtimes/msw/create-handlers';
export type { FetchHandler } from './src/runtimes/fetch/fetch-adapter';
export { PREFER_NEEDS_NODE } from './src/core/prefer/prefer-unavailable';
