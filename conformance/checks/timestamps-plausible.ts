import { isRecord } from '../../kit/json/guards';
import { PLAUSIBLE_SECONDS, responseTimeProblems, secondsProblem } from '../../kit/time/unix-seconds';
import type { TimeProblem } from '../../kit/time/unix-seconds';
import type { Check, Exchange, Finding } from '../engine/types';
import { resultOf } from './usage-total-consistent';

const RESULT_RULE = '#/components/schemas/ResponseResult/properties/created_at';
const MODEL_RULE = '#/components/schemas/Model/properties/created';

/**
 * The times of a JSON answer are Unix seconds (spec/openapi.yaml: ResponseResult `created_at` and
 * `completed_at`, Model `created`, each "Unix seconds."): a result's within the run's time window
 * (its start to now, the clock skew allowed; `--clock-skew`) and `completed_at` not before
 * `created_at`; a model's `created` in the past. A stream's times are the kit's stream rule's
 * (stream-timestamps-plausible).
 */
export const timestampsPlausible: Check = {
  name: 'timestamps-plausible',
  family: 'response',
  rule: RESULT_RULE,
  applies: (exchange) => !exchange.stream && (resultOf(exchange) !== undefined || modelsOf(exchange).length > 0),
  verify(exchange, ctx) {
    const result = exchange.stream ? undefined : resultOf(exchange);
    if (result !== undefined)
      return responseTimeProblems(result, ctx.clock?.window() ?? PLAUSIBLE_SECONDS).map((p) => finding(p, RESULT_RULE));
    const window = ctx.clock?.past() ?? PLAUSIBLE_SECONDS;
    const found = new Map<string, { problem: TimeProblem; models: string[] }>();
    for (const model of modelsOf(exchange)) {
      const problem = secondsProblem('created', model.created, window);
      if (problem === undefined) continue;
      const entry = found.get(problem.cause) ?? { problem, models: [] };
      entry.models.push(typeof model.id === 'string' ? model.id : '(no id)');
      found.set(problem.cause, entry);
    }
    return [...found.values()].map(({ problem, models }) =>
      finding(
        { ...problem, message: `${problem.message} (model ${models[0] ?? ''}${others(models.length - 1)})` },
        MODEL_RULE,
      ),
    );
  },
};

function finding(problem: TimeProblem, rule: string): Finding {
  return { message: problem.message, expected: problem.expected, cause: problem.cause, rule };
}

function others(count: number): string {
  return count === 0 ? '' : ` and ${count} other${count === 1 ? '' : 's'}`;
}

/** The model objects of a 200 JSON answer: `data` when it is one (getModel) or each of its items (a list). */
function modelsOf(exchange: Exchange): Array<Record<string, unknown>> {
  const response = exchange.response;
  if (response?.status !== 200 || !isRecord(response.json)) return [];
  const data = response.json.data;
  const items = Array.isArray(data) ? data : [data];
  return items.filter((item): item is Record<string, unknown> => isRecord(item) && 'created' in item);
}
