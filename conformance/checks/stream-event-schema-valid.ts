import { documentedSchema, formatSchemaErrors } from '../engine/response-helpers';
import { describeEvent, isEventStream, jsonEvents } from '../engine/stream-helpers';
import type { Check, Finding } from '../engine/types';

const SHOWN = 5;

/**
 * Each event validates against its schema (contract §6): an event whose `type` the document
 * defines is validated against that event's own schema; any other type against the documented
 * union, which admits unknown events (the contract leaves other event types open).
 */
export const streamEventSchemaValid: Check = {
  name: 'stream-event-schema-valid',
  family: 'stream',
  rule: '§6',
  applies: (exchange) => isEventStream(exchange) && documentedSchema(exchange) !== undefined,
  verify(exchange, ctx) {
    const union = documentedSchema(exchange);
    if (union === undefined) return [];
    const findings: Finding[] = [];
    for (const event of jsonEvents(exchange)) {
      const pointer = ctx.streamEventSchemas.get(event.type) ?? union;
      const validate = ctx.contract.validator(pointer);
      if (validate(event.body)) continue;
      findings.push({
        message: `${describeEvent(event)} does not match ${pointer}:\n${formatSchemaErrors(validate.errors, 10).join('\n')}`,
        expected: `every event valid against ${pointer}`,
        excerpt: event.raw,
      });
      if (findings.length >= SHOWN) break;
    }
    return findings;
  },
};
