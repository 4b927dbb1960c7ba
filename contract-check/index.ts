/**
 * The contract check's public surface (`model-gateway contract-check`): lint, diff, version gate,
 * generated-types drift and the conformance suite on one spec, with one exit code.
 */
export { CONTRACT_USAGE, runContractCheck } from './run-contract-check';
export type { CheckIo, RunCommand, StepResult } from './run-contract-check';
