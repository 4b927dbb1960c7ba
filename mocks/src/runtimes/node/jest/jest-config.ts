/**
 * `model-gateway-mock/jest`: what Jest needs to run the mock's msw handlers, msw 2 or 3, and the
 * client libraries published as ES modules only, in its CommonJS runtime. The transform
 * (esm-transform.ts) takes every ES module of node_modules; other files pass through untouched.
 */
import path from 'node:path';

/** The transform's file, as Jest's `transform` takes it (the `.ts` source in this repository, `.js` shipped). */
export const ESM_TRANSFORM = path.join(__dirname, `esm-transform${path.extname(__filename)}`);

/** The files of node_modules the transform is given (it decides which are ES modules). */
export const NODE_MODULES_SCRIPTS = '/node_modules/.+\\.m?js$';

/** Jest's own default transform, which a `transform` of the config replaces. */
const JEST_DEFAULT_TRANSFORM = { '\\.[jt]sx?$': 'babel-jest' } as const;

/** What is left of Jest's default `transformIgnorePatterns` once node_modules goes through the transform. */
const IGNORED = ['\\.pnp\\.[^\\/]+$'];

/** The parts of a Jest config this changes; anything else passes through as given. */
export interface JestConfigPart {
  readonly transform?: Readonly<Record<string, unknown>>;
  readonly transformIgnorePatterns?: readonly string[];
  readonly [option: string]: unknown;
}

/**
 * The Jest config `config` with node_modules' ES modules turned into CommonJS: the transform
 * first (Jest takes the first pattern that matches), then the config's own transform (Jest's
 * default, babel-jest, when it has none); node_modules no longer ignored by the transform,
 * unless the config gives its own `transformIgnorePatterns`.
 *
 * @example
 * // jest.config.js, with withModelGatewayMock taken from 'model-gateway-mock/jest'
 * module.exports = withModelGatewayMock({ testEnvironment: 'jest-fixed-jsdom' });
 */
export function withModelGatewayMock<Config extends JestConfigPart>(
  config: Config = {} as Config,
): Config & { transform: Record<string, unknown>; transformIgnorePatterns: readonly string[] } {
  return {
    ...config,
    transform: { [NODE_MODULES_SCRIPTS]: ESM_TRANSFORM, ...(config.transform ?? JEST_DEFAULT_TRANSFORM) },
    transformIgnorePatterns: config.transformIgnorePatterns ?? IGNORED,
  };
}
