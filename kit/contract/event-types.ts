import { isRecord } from '../json/guards';
import type { Contract } from './contract-types';
import { EVENT_STREAM } from './event-data-schema';
import { listOperations } from './operations';

/** Levels of `$ref`, `oneOf`, `anyOf` and `allOf` walked (the document uses two). */
const MAX_DEPTH = 6;

/**
 * The stream event types the document names: the `type` constants of the branches of each event
 * stream's per-event schema (ResponseStreamEvent's `anyOf`: `response.created`…), in document
 * order, for the reports' coverage (which types the traffic exercised and which it never did). A
 * branch without a constant `type` (UnknownStreamEvent) names none.
 */
export function documentedEventTypes(contract: Contract): string[] {
  const types: string[] = [];
  for (const operation of listOperations(contract))
    for (const response of operation.responses.values()) {
      // The schema each event's decoded `data` is read against (operations.ts, event-data-schema.ts).
      const data = response.content.get(EVENT_STREAM);
      if (data !== undefined) collect(contract, contract.at(data), types, 0);
    }
  return types;
}

function collect(contract: Contract, raw: unknown, types: string[], depth: number): void {
  if (depth > MAX_DEPTH) return;
  const schema = contract.resolve<unknown>(raw);
  if (!isRecord(schema)) return;
  const type = isRecord(schema.properties) ? contract.resolve<unknown>(schema.properties.type) : undefined;
  if (isRecord(type)) {
    const named = type.const !== undefined ? [type.const] : Array.isArray(type.enum) ? type.enum : [];
    for (const name of named) if (typeof name === 'string' && !types.includes(name)) types.push(name);
  }
  for (const keyword of ['oneOf', 'anyOf', 'allOf'] as const) {
    const branches = schema[keyword];
    if (Array.isArray(branches)) for (const branch of branches) collect(contract, branch, types, depth + 1);
  }
}
