import type { MockControls, MockCore, MockSetup } from '../core/mock-core';
import { controlsOf, createCore } from '../core/mock-core';
import { handlerTable, scenarioInputText } from '../operations/registry';
import { createTokenCounter } from '../operations/create-response/tokens/count-tokens';

/**
 * One independent mock from an already-loaded setup: the core, handed the operations' handlers
 * (the registry's, with the setup's overrides in place of some) and a token counter of its own,
 * made from the setup's ranks (estimates without them).
 */
export function createMockCore(setup: MockSetup): MockCore {
  return createCore({
    ...setup,
    handlers: handlerTable(setup.handlers),
    tokens: createTokenCounter(setup.tokenRanks),
    inputText: scenarioInputText,
  });
}

/**
 * What every surface is made of (createMockServer, createFetchHandler, msw's createHandlers):
 * a mock, the surface the runtime's adapter makes over it, and the controls a test reaches
 * through that surface.
 */
export function buildMock<Surface extends object>(
  setup: MockSetup,
  surface: (core: MockCore) => Surface,
): Surface & MockControls {
  const core = createMockCore(setup);
  return Object.assign(surface(core), controlsOf(core));
}
