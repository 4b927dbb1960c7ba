import { cannedFailure } from '../support/canned';
import { causeOf, normalise } from '../../engine/failure-cause';
import { rootCauseTitle, rootCauses } from '../../report/root-causes';

const failure = cannedFailure;

describe('root causes', () => {
  it('groups failures that state one cause, whatever their check, biggest first', () => {
    const cause = 'invalid requests answered 422 where the contract says 400';
    const groups = rootCauses([
      failure({
        check: 'page-window-matches',
        message: 'offset=1 limit=1 returned [a]',
        received: { status: 200, headers: {}, body: '' },
      }),
      failure({ check: 'limit-rejected-past-boundary', cause, scenario: 'a' }),
      failure({ check: 'status-matches-rule', cause, scenario: 'b' }),
      failure({ check: 'error-code-matches-status', cause, causedBy: 'status-matches-rule', scenario: 'b' }),
    ]);
    expect(groups.map((g) => [g.cause, g.failures, g.knockOn, g.checks, g.scenarios])).toEqual([
      [cause, 2, 1, ['limit-rejected-past-boundary', 'status-matches-rule', 'error-code-matches-status'], ['a', 'b']],
      ['page-window-matches (status 200): offset=N limit=N returned […]', 1, 0, ['page-window-matches'], ['s']],
    ]);
    expect(rootCauseTitle(groups[0] as NonNullable<(typeof groups)[0]>)).toBe(
      `2 failures (+1 on the same answers): ${cause}`,
    );
  });

  it('groups other failures by check, status and message without the particulars of one request', () => {
    const a = failure({ check: 'metadata-echoed', message: 'the result\'s metadata is {"k0":"x"}' });
    const b = failure({ check: 'metadata-echoed', message: 'the result\'s metadata is {"k9":"y","k1":"z"}' });
    const other = failure({
      check: 'metadata-echoed',
      message: "the result's metadata is {}",
      received: { status: 500, headers: {}, body: '' },
    });
    expect(causeOf(a)).toBe(causeOf(b));
    expect(causeOf(a)).not.toBe(causeOf(other));
  });

  it.each([
    ['numbers and quoted values', 'unassigned_count is 3 for "abc"', 'unassigned_count is N for "…"'],
    ['ids', 'event #4 names item msg_w02OasYHUM511UDH', 'event #N names item ID'],
    [
      'lines of a schema error',
      'the body does not match X:\n/data/3/id must be string',
      'the body does not match X: / /data/N/id must be string',
    ],
    [
      'everything but the property a schema error names',
      'the body does not match X:\n/data/2 is missing required property "context_length" (required)',
      'the body does not match X: / /data/N is missing required property "context_length" (required)',
    ],
    [
      'the ids and numbers of the message an answer gave, not its words',
      'the 401 message "Invalid key sk-abc123456" does not say which',
      'the 401 message "Invalid key ID" does not say which',
    ],
    [
      'array indexes of a JSON pointer, not its escapes',
      'answered 200 at #/paths/~1model~1x/get/responses where /output/2/content/0 is missing',
      'answered 200 at #/paths/~1model~1x/get/responses where /output/N/content/N is missing',
    ],
    [
      'timings, not the numbers in model names',
      'openai/text-embedding-3-small and anthropic/claude-3.5-sonnet took 1234 ms, 250 ms over',
      'openai/text-embedding-3-small and anthropic/claude-3.5-sonnet took N ms, N ms over',
    ],
    [
      'generated ids and UUIDs',
      'item gen-1712345678-AbCdEfGhIj0123456789 of guardrail 00000000-0000-4000-8000-000000000001',
      'item ID of guardrail ID',
    ],
    [
      'text in backticks, kept as is',
      'the last event `data: [DONE]` has 2 problems',
      'the last event `data: [DONE]` has N problems',
    ],
  ])('takes %s out of a message', (_what, message, want) => {
    expect(normalise(message)).toBe(want);
  });
});
