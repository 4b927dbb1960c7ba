import { loadContract } from '../../../kit/contract/contract';
import { createRequestInspector } from '../../src/operations/inspect-request';
import type { InspectedRequest } from '../../src/operations/inspect-request';

const inspect = createRequestInspector(loadContract());
const AUTH = { authorization: 'Bearer sk-anything' };

function request(overrides: Partial<InspectedRequest>): InspectedRequest {
  return { method: 'GET', path: '/model/openai/gpt-4o', queryString: '', headers: AUTH, body: undefined, ...overrides };
}

const json = (value: unknown): Partial<InspectedRequest> => ({
  method: 'POST',
  path: '/responses',
  headers: { ...AUTH, 'content-type': 'application/json' },
  body: Buffer.from(JSON.stringify(value)),
});

describe('createRequestInspector', () => {
  it.each([
    ['a model lookup', { given: request({}), want: 'getModel' }],
    [
      'a page of the embeddings models',
      { given: request({ path: '/embeddings/models', queryString: 'offset=0&limit=2' }), want: 'listEmbeddingsModels' },
    ],
  ])('finds the operation and no problem in %s', (_name, { given, want }) => {
    expect(inspect(given)).toEqual({ operation: expect.objectContaining({ operationId: want }), problems: [] });
  });

  it('finds the operation of a response request and hands back its body as parsed, once', () => {
    const body = { model: 'openai/gpt-4o', input: 'hello', stream: true };
    const given = request(json(body));
    const first = inspect(given);
    expect(first).toEqual({
      operation: expect.objectContaining({ operationId: 'createResponse' }),
      problems: [],
      body,
    });
    // The same bytes again: the validator's memo answers, with the same (frozen) value.
    expect(inspect(request(json(body))).body).toBe(first.body);
    expect(Object.isFrozen(first.body)).toBe(true);
  });

  it.each([
    [
      'a path of no operation',
      { given: request({ path: '/models' }), want: [expect.stringMatching(/^No operation at \/models/)] },
    ],
    [
      'a method the path does not take',
      { given: request({ method: 'DELETE' }), want: [expect.stringMatching(/^Method DELETE is not allowed/)] },
    ],
    [
      'no key',
      {
        given: request({ headers: {} }),
        want: ['getModel needs a key (bearerAuth): no "Authorization: Bearer <key>" header'],
      },
    ],
    [
      'a body field over its limit',
      {
        given: request(json({ model: 'openai/gpt-4o', input: 'hi', user: 'u'.repeat(300) })),
        want: ['body.user must NOT have more than 256 characters (maxLength)'],
      },
    ],
    [
      'a query parameter out of range',
      {
        given: request({ path: '/embeddings/models', queryString: 'limit=-1' }),
        want: [expect.stringMatching(/^query\.limit must be >= /)],
      },
    ],
    [
      'malformed JSON',
      {
        given: request({ ...json({}), body: Buffer.from('{"model":') }),
        want: [expect.stringMatching(/^Malformed JSON in request body/)],
      },
    ],
  ])('names what breaks the spec in %s', (_name, { given, want }) => {
    expect(inspect(given).problems).toEqual(want);
  });
});
