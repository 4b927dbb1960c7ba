import { describeEvent } from '../stream-events';
import type { StreamProblem, StreamRule } from '../stream-rule';
import { PLAUSIBLE_SECONDS, responseTimeProblems } from '../../time/unix-seconds';
import { isRecord } from '../../json/guards';

/**
 * The response objects the lifecycle events carry (ResponseSnapshot, ResponseResult on
 * `response.completed`) give `created_at` and `completed_at` in Unix seconds
 * (#/components/schemas/ResponseResult/properties/created_at), within the reader's time window when
 * it gives one (the suite's run; else any plausible date), `completed_at` not before `created_at`;
 * and one response has one `created_at` from its first event to its last.
 */
export const timestampsPlausible: StreamRule = {
  name: 'stream-timestamps-plausible',
  rule: '#/components/schemas/ResponseSnapshot/properties/created_at',
  problems({ events, timeWindow }) {
    const problems: StreamProblem[] = [];
    const seen = new Set<string>();
    let created: { value: unknown; at: string } | undefined;
    for (const event of events) {
      const response = event.body.response;
      if (!isRecord(response)) continue;
      for (const problem of responseTimeProblems(response, timeWindow ?? PLAUSIBLE_SECONDS)) {
        if (seen.has(problem.cause)) continue; // one problem once, from the first event that shows it
        seen.add(problem.cause);
        const { message, expected, cause } = problem;
        problems.push({ message: `${describeEvent(event)}: ${message}`, expected, cause, excerpt: event.raw });
      }
      if (response.created_at === undefined) continue;
      if (created === undefined) created = { value: response.created_at, at: describeEvent(event) };
      else if (response.created_at !== created.value && !seen.has('created_at changed')) {
        seen.add('created_at changed');
        problems.push({
          message: `${describeEvent(event)} gives created_at ${JSON.stringify(response.created_at)} where ${created.at} gave ${JSON.stringify(created.value)}`,
          expected: 'one created_at for the response from its first event to its last',
          cause: 'created_at changes between the events of one stream',
          excerpt: event.raw,
        });
      }
    }
    return problems;
  },
};
