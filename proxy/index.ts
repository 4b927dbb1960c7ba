/**
 * The contract-validating proxy's public surface: put it between a client and a real gateway and
 * it reports, exchange by exchange, where the traffic breaks spec/openapi.yaml.
 */
export { startProxy, VIOLATIONS_PATH } from './start-proxy';
export type { ProxyInit, RunningProxy } from './start-proxy';
