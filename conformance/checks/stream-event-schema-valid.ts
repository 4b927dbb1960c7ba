import { eventsMatchSchemas } from '../../kit/stream/rules/events-match-schemas';
import { documentedSchema } from '../engine/response-helpers';
import { isEventStream, streamRuleCheck } from '../engine/stream-helpers';

/** Each event validates against its own schema (kit/stream/rules/events-match-schemas.ts). */
export const streamEventSchemaValid = streamRuleCheck(
  eventsMatchSchemas,
  (exchange) => isEventStream(exchange) && documentedSchema(exchange) !== undefined,
);
