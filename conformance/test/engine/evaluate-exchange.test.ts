import { loadContract } from '../../../kit/contract/contract';
import { expectStatus } from '../../checks/status-matches-rule';
import { GENERIC_CHECKS } from '../../checks/generic-checks';
import { createCheckContext } from '../../engine/check-context';
import { evaluateExchange } from '../../engine/evaluate-exchange';
import { Recorder } from '../../engine/recorder';
import { causeOf } from '../../engine/failure-cause';
import { cannedExchange } from '../support/canned';
import type { CannedAnswer } from '../support/canned';

const ctx = createCheckContext(loadContract());
const createResponse = ctx.operations.get('createResponse');
const listEmbeddingsModels = ctx.operations.get('listEmbeddingsModels');
if (!createResponse || !listEmbeddingsModels) throw new Error('operations missing from the spec');
const wantsOk = expectStatus({ rule: 'createResponse 200', statuses: [200], because: 'a plain request succeeds' });

function evaluate(op: NonNullable<typeof createResponse>, answer: CannedAnswer, expectations = [wantsOk]) {
  const recorder = new Recorder();
  evaluateExchange(cannedExchange(op, answer), GENERIC_CHECKS, expectations, ctx, recorder, { keys: {} });
  return recorder.results;
}

describe('evaluating one answer', () => {
  it('records every other failure on an answer with the wrong status as its knock-on effect', () => {
    const results = evaluate(createResponse, {
      status: 500,
      contentType: 'application/problem+json',
      body: { title: 'Internal error' },
    });
    const failures = results.flatMap((r) => (r.failure ? [r.failure] : []));
    const cause = 'valid requests answered 500 where the contract says 200';
    expect(failures.map((f) => [f.check, f.causedBy, f.cause])).toEqual([
      ['content-type-documented', 'status-matches-rule', cause],
      ['error-code-matches-status', 'status-matches-rule', cause],
      ['status-matches-rule', undefined, cause],
    ]);
  });

  it('records every failure after the first on an answer whose status, type and body are right as its knock-on effect', () => {
    const failing = (check: string) => ({
      check,
      family: 'rules' as const,
      rule: '-',
      verify: () => [{ message: `${check} found a problem`, expected: 'none' }],
    });
    const ok = { status: 200, contentType: 'application/json', body: { data: [] } };
    const results = evaluate(listEmbeddingsModels, ok, [failing('first-check'), failing('second-check')]);
    const failures = results.flatMap((r) => (r.failure ? [r.failure] : []));
    expect(failures.map((f) => [f.check, f.causedBy])).toEqual([
      ['first-check', undefined],
      ['second-check', 'first-check'],
    ]);
    expect(new Set(failures.map((f) => causeOf(f))).size).toBe(1);
  });

  it('records no pass on an answer whose status the operation does not document', () => {
    const results = evaluate(
      listEmbeddingsModels,
      { status: 404, contentType: 'application/json', body: { error: { code: 404, message: 'no route' } } },
      [],
    );
    expect(results.filter((r) => r.outcome === 'pass')).toEqual([]);
    expect(results.map((r) => r.check)).toEqual(['status-code-documented']);
  });
});
