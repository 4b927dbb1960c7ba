import { endedFailed, finalResponse } from '../../kit/stream/stream-events';
import { streamCutBeforeItsEnd, streamEventsOf } from '../engine/stream-helpers';
import type { Exchange, Expectation } from '../engine/types';
import { wrongStatus } from './status-matches-rule';
import { isRecord } from '../../kit/json/guards';
import { schemaErrorLines } from '../../kit/schema/schema-problems';

/**
 * With `X-Service-Metadata: enabled` (or its legacy name) the response carries routing metadata in
 * `service_metadata` (ResponseResult, createResponse, #/info/version); in a stream it rides on the terminal response.
 */
export function expectServiceMetadata(header: string, schema: string): Expectation {
  return {
    check: 'service-metadata-present',
    family: 'rules',
    rule: '#/components/schemas/ServiceMetadata',
    // The terminal response of a stream cut before its end never came: the cut is the finding.
    // Read from the request, so that the answer can be judged as one to the request without it
    // (engine/ignored-features.ts).
    // The response of response.failed may leave it out (ResponseFailedSnapshot): stream-answer-completes reports the failure.
    applies: (exchange) =>
      optsIn(exchange, header) && !streamCutBeforeItsEnd(exchange) && !endedFailed(streamEventsOf(exchange)),
    verify(exchange, ctx) {
      const response = exchange.response;
      if (response?.status !== 200)
        return [
          wrongStatus(response?.status, {
            expected: '200',
            subject: 'valid requests',
            because: `a valid request with ${header}: enabled must succeed, with service_metadata`,
          }),
        ];
      const result = exchange.stream ? finalResponse(streamEventsOf(exchange)) : response.json;
      const metadata = isRecord(result) ? result.service_metadata : undefined;
      if (!isRecord(metadata)) {
        return [
          {
            message: `${metadata === undefined ? 'the result has no service_metadata' : `service_metadata is ${JSON.stringify(metadata)}`} although the request sent ${header}: enabled`,
            expected: 'a service_metadata object',
          },
        ];
      }
      const validate = ctx.contract.validator(schema);
      if (validate(metadata)) return [];
      return [
        {
          message: `service_metadata does not match ${schema}:\n${schemaErrorLines(validate.errors).join('\n')}`,
          expected: `service_metadata valid against ${schema}`,
        },
      ];
    },
  };
}

/** The request sent `header: enabled` (names compared without case, as HTTP does). */
export function optsIn(exchange: Exchange, header: string): boolean {
  const sent = Object.entries(exchange.request.headers ?? {}).find(
    ([name]) => name.toLowerCase() === header.toLowerCase(),
  );
  return sent?.[1] === 'enabled';
}
