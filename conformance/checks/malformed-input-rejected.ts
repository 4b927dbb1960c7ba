import type { Expectation } from '../engine/types';
import { wrongStatus } from './status-matches-rule';

/** What one malformed-input request carries, and whether the contract leaves the gateway free to accept it. */
export interface MalformedInput {
  /** `header X-Title with a NUL`, `path author with 4096 characters`. */
  readonly what: string;
  /**
   * The value is one no gateway may act on: it holds control characters (RFC 9110 §5.5 allows
   * none in a field value) or its parameter's schema refuses it. Otherwise (a long or odd value
   * the schema allows) any answer short of a 5xx is the gateway's choice.
   */
  readonly mustReject: boolean;
  readonly rule: string;
}

/**
 * Control characters, NUL, `null,null` and very long values in headers and path parameters get an
 * answer within the request timeout (a hang is the `request-completes` failure), never a 5xx, and
 * a 4xx where the value cannot be acted on; the answer's envelope and status are judged by the
 * generic checks against the operation's documented answers and a `4XX` in the error envelope.
 */
export function expectMalformedInputRejected(input: MalformedInput): Expectation {
  return {
    check: 'malformed-input-rejected',
    family: 'error',
    rule: input.rule,
    verify(exchange) {
      const status = exchange.response?.status ?? 0;
      if (status >= 500)
        return [
          {
            ...wrongStatus(status, {
              expected: '4xx',
              subject: 'malformed input',
              because: `${input.what} is the client's error, never the gateway's`,
            }),
          },
        ];
      if (input.mustReject && status < 400)
        return [
          wrongStatus(status, {
            expected: '4xx',
            subject: 'malformed input',
            because: `${input.what} cannot be acted on and must be refused`,
          }),
        ];
      return [];
    },
  };
}
