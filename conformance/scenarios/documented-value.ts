import { isRecord } from '../../kit/json/guards';
import type { JsonObject } from '../../kit/json/guards';
import { sampleValue } from '../../kit/sample/sample-value';
import type { PlanContext } from '../engine/scenario';
import { requestSampleOptions } from '../schema/sample-hints';

/**
 * A value for a parameter or a request body the suite has no value of its own for, as in an
 * operation a --spec document adds: the document's example where it gives one (the parameter's or
 * media type's `example`, the first of its `examples`, then the schema's), else the smallest value
 * the schema allows (kit/sample). `holder` is the pointer of the parameter or media type object.
 */
export function documentedValue(plan: PlanContext, holder: string): unknown {
  const { contract } = plan;
  const object = contract.resolve<JsonObject>(contract.at(holder));
  const schema = contract.resolve<JsonObject>(object.schema ?? {});
  for (const candidate of [object, schema]) {
    if (candidate.example !== undefined) return candidate.example;
    const examples = candidate.examples;
    if (Array.isArray(examples) && examples.length > 0) return examples[0];
    if (isRecord(examples)) {
      const first = Object.values(examples)[0];
      if (first !== undefined) return contract.resolve<JsonObject>(first).value;
    }
  }
  return sampleValue(schema, requestSampleOptions(contract, { model: plan.config.model }));
}
