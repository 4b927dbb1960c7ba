import type { Contract } from '../../kit/contract/contract';
import type { SampleOptions } from '../../kit/sample/sample-options';

/**
 * What sample values may borrow from the target: a model id for fields that name models.
 * Undefined for requests made from the spec alone (the property phase with semantic rules unknown).
 */
export interface SampleHints {
  readonly model: string | undefined;
}

/** Members that name models (`model`, `models`, `analysis_models`): a real gateway rejects unknown ones. */
export const NAMES_MODELS = /models?$/;

/** The kit's sampler set up for requests: the smallest valid value, with the target's model where one is named. */
export function requestSampleOptions(contract: Contract, hints: SampleHints): SampleOptions {
  return {
    shape: 'minimal',
    root: contract.document,
    stringFor: (member) => (NAMES_MODELS.test(member) ? hints.model : undefined),
  };
}
