/**
 * The contract-validating proxy's public surface: put it between a client and a real gateway and
 * it reports, exchange by exchange, where the traffic breaks spec/openapi.yaml.
 */
export { startProxy, VIOLATIONS_PATH } from './start-proxy';
export type { ProxyInit, RunningProxy } from './start-proxy';
export { verifyTraffic } from './verify-traffic';
export type { SkippedTraffic, VerifiedTraffic, VerifyInit } from './verify-traffic';
export { TrafficFileError } from './har/read-traffic';
export { HarFileError } from './har/har-file';
export { DEFAULT_FAIL_ON, FAIL_ON, failOnOf, failsRun } from '../kit/observe/fail-on';
export type { FailOn } from '../kit/observe/fail-on';
