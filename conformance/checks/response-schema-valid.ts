import { documentedSchema, isJsonMediaType, mediaType } from '../engine/response-helpers';
import type { Check } from '../engine/types';
import { schemaErrorLines } from '../../kit/schema/schema-problems';

/**
 * A JSON body validates against the schema the document gives for its status and content type
 * (#/components/schemas, ErrorEnvelope), compiled by ajv (2020-12 + formats). Every error is listed with the JSON
 * pointer of the offending value and of the schema rule.
 */
export const responseSchemaValid: Check = {
  name: 'response-schema-valid',
  family: 'response',
  rule: '#/paths/*/*/responses/*/content/*/schema',
  applies: (exchange) =>
    exchange.response !== undefined &&
    isJsonMediaType(mediaType(exchange.response.headers)) &&
    documentedSchema(exchange) !== undefined,
  verify(exchange, ctx) {
    const response = exchange.response;
    const pointer = documentedSchema(exchange);
    if (!response || pointer === undefined) return [];
    if (response.json === undefined) {
      return [
        {
          message: `the body is declared JSON but does not parse as JSON`,
          expected: `a JSON body valid against ${pointer}`,
          kind: 'schema',
        },
      ];
    }
    const validate = ctx.contract.validator(pointer);
    if (validate(response.json)) return [];
    return [
      {
        message: `the body does not match ${pointer}:\n${schemaErrorLines(validate.errors).join('\n')}`,
        expected: `a body valid against ${pointer}`,
        kind: 'schema',
      },
    ];
  },
};
