import { schemaErrorLines } from '../../schema/schema-problems';
import { describeEvent } from '../stream-events';
import type { StreamProblem, StreamRule } from '../stream-rule';

const SHOWN = 5;

/**
 * Each event validates against its schema: an event whose `type` the document defines against that
 * event's own schema (ResponseCreatedEvent, …); any other type against the whole union
 * (ResponseStreamEvent), which admits unknown events (UnknownStreamEvent).
 */
export const eventsMatchSchemas: StreamRule = {
  name: 'stream-event-schema-valid',
  rule: '#/components/schemas/ResponseStreamEvent',
  problems({ events, eventSchema, spec }) {
    const problems: StreamProblem[] = [];
    for (const event of events) {
      const pointer = spec.eventSchemas.get(event.type) ?? eventSchema;
      const validate = spec.contract.validator(pointer);
      if (validate(event.body)) continue;
      problems.push({
        message: `${describeEvent(event)} does not match ${pointer}:\n${schemaErrorLines(validate.errors, 10).join('\n')}`,
        expected: `every event valid against ${pointer}`,
        excerpt: event.raw,
      });
      if (problems.length >= SHOWN) break;
    }
    return problems;
  },
};
