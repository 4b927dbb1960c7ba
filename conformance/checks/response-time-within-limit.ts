import type { Check } from '../engine/types';

/**
 * With `--max-response-time MS`: every answer comes within the limit; for an event stream, its
 * first event does (the time a user waits before anything shows). Not a rule of the contract: a
 * service level the run is asked to hold the gateway to, so it runs only when asked.
 */
export function responseTimeWithinLimit(limitMs: number): Check {
  return {
    name: 'response-time-within-limit',
    family: 'response',
    rule: '--max-response-time',
    applies: (exchange) => exchange.response !== undefined,
    verify(exchange) {
      const response = exchange.response;
      if (!response) return [];
      const stream = exchange.stream;
      if (stream) {
        const first = stream.events[0];
        if (first === undefined)
          return [{ message: 'the stream sent no event', expected: `a first event within ${limitMs} ms` }];
        if (first.atMs <= limitMs) return [];
        return [
          {
            message: `the first event came after ${first.atMs} ms`,
            expected: `a first event within ${limitMs} ms (--max-response-time)`,
          },
        ];
      }
      if (response.durationMs <= limitMs) return [];
      return [
        {
          message: `the answer took ${response.durationMs} ms`,
          expected: `an answer within ${limitMs} ms (--max-response-time)`,
        },
      ];
    },
  };
}
