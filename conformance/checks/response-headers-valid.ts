import { documentedResponse } from '../engine/response-helpers';
import type { Check, CheckContext, Finding } from '../engine/types';
import { schemaProblems } from '../../kit/schema/schema-problems';
import type { JsonObject } from '../../kit/json/guards';

/**
 * Every response header the answer's documented response declares (`headers` of each response,
 * #/components/headers: X-RateLimit-*, Retry-After, X-Generation-Id…) holds a value its schema
 * allows, where the gateway sends it: a header is text, so a number or boolean schema is checked
 * against the number or boolean the text spells. A header the gateway leaves out is not judged.
 */
export const responseHeadersValid: Check = {
  name: 'response-headers-valid',
  family: 'response',
  rule: '#/components/headers',
  applies: (exchange) => {
    const response = exchange.response;
    if (!response) return false;
    const declared = documentedResponse(exchange.operation, response.status)?.headers;
    return declared !== undefined && [...declared.keys()].some((name) => response.headers[name] !== undefined);
  },
  verify(exchange, ctx) {
    const response = exchange.response;
    if (!response) return [];
    const declared = documentedResponse(exchange.operation, response.status)?.headers ?? new Map<string, string>();
    const findings: Finding[] = [];
    for (const [name, pointer] of declared) {
      const text = response.headers[name];
      if (text === undefined) continue;
      const validate = ctx.contract.validator(pointer);
      if (validate(headerValue(text, pointer, ctx))) continue;
      findings.push({
        message: `header ${name}: ${JSON.stringify(text)} ${schemaProblems(validate.errors)
          .map((p) => p.message)
          .join('; ')}`,
        expected: `${name} as ${pointer} describes it`,
        cause: `response header ${name} sent with a value its schema does not allow`,
      });
    }
    return findings;
  },
};

/** The header's text as the JSON value its schema is about: a number for a number schema, and so on. */
function headerValue(text: string, pointer: string, ctx: CheckContext): unknown {
  const schema = ctx.contract.resolve<JsonObject>(ctx.contract.at(pointer));
  const types = Array.isArray(schema.type) ? (schema.type as unknown[]) : [schema.type];
  const trimmed = text.trim();
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(trimmed))
    return Number(trimmed);
  if (types.includes('boolean') && (trimmed === 'true' || trimmed === 'false')) return trimmed === 'true';
  return text;
}
