import { loadContract } from '../../../../kit/contract/contract';
import { listOperations } from '../../../../kit/contract/operations';
import { ScenarioBook } from '../../../src/core/scenarios/scenario-book';
import type { ScenarioRequest } from '../../../src/core/scenarios/scenario-types';
import { scenarioInputText } from '../../../src/operations/registry';
import { scenarioOperations } from '../../../src/core/scenarios/validate-scenario';

const operations = scenarioOperations(listOperations(loadContract()));

function request(
  body: unknown = {},
  headers: Record<string, string> = {},
  operationId = 'createResponse',
): ScenarioRequest {
  return { operationId, body, header: (name) => headers[name] };
}

describe('ScenarioBook', () => {
  it('answers the first `times` matching requests, then lets requests take the normal path', () => {
    const book = new ScenarioBook(operations);
    book.add({ match: { operation: 'createResponse' }, times: 2, respond: { status: 429 } });
    expect(book.take(request())?.kind).toBe('answer');
    expect(book.take(request())?.kind).toBe('answer');
    expect(book.take(request())).toBeUndefined();
    expect(book.active).toBe(false);
    expect(book.list()).toEqual([expect.objectContaining({ id: 'scenario-1', used: 2, remaining: 0 })]);
  });

  it('answers with its steps in order', () => {
    const book = new ScenarioBook(operations);
    book.add({ match: { operation: 'createResponse' }, steps: [{ status: 500 }, { status: 503 }, { latencyMs: 5 }] });
    const kinds = [1, 2, 3, 4].map(() => {
      const action = book.take(request());
      return action && (action.kind === 'answer' ? action.status : action.kind);
    });
    expect(kinds).toEqual([500, 503, 'normal', undefined]);
  });

  it('defaults the body of an error to the error envelope with a readable message', () => {
    const book = new ScenarioBook(operations);
    book.add({ match: { operation: 'createResponse' }, respond: { status: 429, headers: { 'retry-after': '3' } } });
    const action = book.take(request());
    expect(action).toMatchObject({ kind: 'answer', status: 429, headers: { 'retry-after': '3' } });
    expect(JSON.parse(action?.kind === 'answer' ? action.body : '')).toEqual({
      error: { code: 429, message: 'Rate limit exceeded. Wait a moment and try again.' },
    });
  });

  it.each([
    [
      'model',
      { model: 'openai/gpt-4o' },
      { model: 'openai/gpt-4o', input: 'x' },
      { model: 'anthropic/claude', input: 'x' },
    ],
    ['input text', { input: 'refund' }, { input: 'I want a refund now' }, { input: 'hello' }],
    ['input text in messages', { input: 'refund' }, { input: [{ role: 'user', content: 'a refund' }] }, { input: [] }],
    ['stream', { stream: true }, { stream: true }, { stream: false }],
    ['stream false by default', { stream: false }, {}, { stream: true }],
  ])('matches by %s', (_name, match, matching, other) => {
    const book = new ScenarioBook(operations, scenarioInputText);
    book.add({ match: { operation: 'createResponse', ...match }, times: 5, respond: { status: 503 } });
    expect(book.take(request(other))).toBeUndefined();
    expect(book.take(request(matching))).toBeDefined();
  });

  it('matches by header, names in any case, and by operation', () => {
    const book = new ScenarioBook(operations);
    book.add({ match: { operation: 'createResponse', headers: { 'X-Test-Case': 'retry' } }, respond: { status: 503 } });
    expect(book.take(request({}, { 'x-test-case': 'other' }))).toBeUndefined();
    expect(book.take(request({}, { 'x-test-case': 'retry' }, 'listEmbeddingsModels'))).toBeUndefined();
    expect(book.take(request({}, { 'x-test-case': 'retry' }))).toBeDefined();
  });

  it('tries scenarios in the order they were added', () => {
    const book = new ScenarioBook(operations);
    book.add({ id: 'first', match: { operation: 'createResponse' }, respond: { status: 500 } });
    book.add({ id: 'second', match: { operation: 'createResponse' }, respond: { status: 503 } });
    expect([book.take(request())?.scenarioId, book.take(request())?.scenarioId]).toEqual(['first', 'second']);
  });

  it('keeps its own copy of a scenario', () => {
    const book = new ScenarioBook(operations);
    const scenario = { match: { operation: 'createResponse' }, respond: { status: 500 } };
    book.add(scenario);
    scenario.respond.status = 200;
    expect(book.take(request())).toMatchObject({ status: 500 });
  });

  it('refuses a second scenario with the same id, and forgets everything when cleared', () => {
    const book = new ScenarioBook(operations);
    book.add({ id: 'x', match: { operation: 'createResponse' }, respond: { status: 500 } });
    expect(() => book.add({ id: 'x', match: { operation: 'createResponse' }, respond: { status: 500 } })).toThrow(
      '/id "x" is already queued',
    );
    book.clear();
    expect(book.list()).toEqual([]);
    expect(book.take(request())).toBeUndefined();
  });

  it('turns pacing and cuts into steering of the normal answer', () => {
    const book = new ScenarioBook(operations);
    book.add({
      match: { operation: 'createResponse' },
      respond: { latencyMs: 20, firstTokenDelayMs: 5, tokensPerSecond: 10, cut: { afterTokens: 2 } },
    });
    expect(book.take(request())).toEqual({
      kind: 'normal',
      scenarioId: 'scenario-1',
      latencyMs: 20,
      steering: { firstTokenDelayMs: 5, tokensPerSecond: 10, cut: { afterTokens: 2, end: 'error' } },
    });
  });
});
