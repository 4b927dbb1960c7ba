import { loadContract } from '../../../kit/contract/contract';
import type { OperationInfo } from '../../../kit/contract/operations';
import { expectMalformedInputRejected } from '../../checks/malformed-input-rejected';
import { expectMethodNotAllowed } from '../../checks/method-not-allowed';
import { responseHeadersValid } from '../../checks/response-headers-valid';
import { expectValidMemberAccepted } from '../../checks/valid-member-accepted';
import { createCheckContext } from '../../engine/check-context';
import type { Exchange, Expectation } from '../../engine/types';
import { outsideOperation } from '../../scenarios/outside-operation';
import { cannedExchange, findingsOf } from '../support/canned';

const ctx = createCheckContext(loadContract());
const operation = (id: string): OperationInfo => {
  const found = ctx.operations.get(id);
  if (!found) throw new Error(`${id} missing from the spec`);
  return found;
};
const createResponse = operation('createResponse');
const json = 'application/json';
const error = (status: number) => ({ error: { code: status, message: 'x' } });

/** A canned exchange with these extra response headers. */
function withHeaders(exchange: Exchange, headers: Record<string, string>): Exchange {
  const response = exchange.response;
  if (!response) throw new Error('no response');
  return { ...exchange, response: { ...response, headers: { ...response.headers, ...headers } } };
}

const verdict = (expectation: Expectation, exchange: Exchange) =>
  expectation.verify(exchange, ctx).map((f) => f.message);

describe('response-headers-valid', () => {
  const tooMany = cannedExchange(createResponse, { status: 429, contentType: json, body: error(429) });
  it.each([
    ['an integer X-RateLimit-Limit', { 'x-ratelimit-limit': '60', 'retry-after': '1' }, 0],
    ['a word in X-RateLimit-Limit', { 'x-ratelimit-limit': 'lots' }, 1],
    ['a negative Retry-After', { 'retry-after': '-3' }, 1],
    ['two bad headers', { 'x-ratelimit-remaining': '1.5', 'x-ratelimit-reset': 'soon' }, 2],
  ])('judges %s', (_what, headers, failures) => {
    expect(findingsOf(responseHeadersValid, withHeaders(tooMany, headers), ctx)).toHaveLength(failures);
  });
  it('does not apply where no declared header was sent', () => {
    expect(responseHeadersValid.applies(tooMany, ctx)).toBe(false);
  });
});

describe('method-not-allowed', () => {
  const put = outsideOperation(createResponse, 'PUT', ['405']);
  const answer = (headers: Record<string, string>, status = 405) =>
    withHeaders(
      cannedExchange(put, { status, contentType: json, body: error(status), request: { method: 'PUT' } }),
      headers,
    );
  const expectation = expectMethodNotAllowed('/responses', ['POST']);
  it.each([
    ['405 with Allow naming the documented method', answer({ allow: 'POST, OPTIONS' }), []],
    ['405 without Allow', answer({}), ['405 without an Allow header']],
    ['Allow leaving out POST', answer({ allow: 'GET' }), ['Allow: GET leaves out POST']],
    [
      'Allow naming the refused method',
      answer({ allow: 'POST, PUT' }),
      ['Allow: POST, PUT names PUT, the method just refused'],
    ],
  ])('judges %s', (_what, exchange, want) => {
    expect(verdict(expectation, exchange)).toEqual(want);
  });
  it('fails a 404 as the wrong status', () => {
    expect(verdict(expectation, answer({}, 404))[0]).toMatch(/got status 404/);
  });
});

describe('malformed-input-rejected', () => {
  const answer = (status: number) => cannedExchange(createResponse, { status, contentType: json, body: error(status) });
  it.each([
    [400, true, 0],
    [200, true, 1],
    [200, false, 0],
    [500, false, 1],
    [503, true, 1],
  ])('judges %i when the value must be refused: %s', (status, mustReject, failures) => {
    const expectation = expectMalformedInputRejected({
      what: 'header x-session-id with a NUL',
      mustReject,
      rule: '#/x',
    });
    expect(verdict(expectation, answer(status))).toHaveLength(failures);
  });
});

describe('valid-member-accepted', () => {
  const expectation = expectValidMemberAccepted('top_p', 0, '#/components/schemas/ResponseRequest/properties/top_p');
  it('fails a 400, quoting the gateway', () => {
    const exchange = cannedExchange(createResponse, {
      status: 400,
      contentType: json,
      body: { error: { code: 400, message: 'top_p is not supported' } },
    });
    expect(verdict(expectation, exchange)).toEqual(['refused top_p = 0 with 400: top_p is not supported']);
  });
  it('leaves any other status to the generic checks', () => {
    expect(
      verdict(expectation, cannedExchange(createResponse, { status: 402, contentType: json, body: error(402) })),
    ).toEqual([]);
  });
});
