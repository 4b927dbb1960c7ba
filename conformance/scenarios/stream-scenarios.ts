import { expectServiceMetadata } from '../checks/service-metadata-present';
import { expectStatus } from '../checks/status-matches-rule';
import type { PlanContext, Scenario } from '../engine/scenario';
import type { Expectation } from '../engine/types';
import { baseRequest, plainResponseBody } from './base-requests';
import { resultSchema } from './response-rule-scenarios';

const OP = 'createResponse';

/**
 * Streams of POST /responses (contract §4.1, §6). Every stream check (framing, event schemas,
 * sequence, lifecycle, pairs, ids, deltas, [DONE], stalls) runs on each of these exchanges; the
 * scenarios vary what shapes the stream: plain and message input, the debug chunk, metadata.
 */
export function streamScenarios(plan: PlanContext): Scenario[] {
  const plain = plainResponseBody(plan);
  const ok: Expectation = expectStatus({ rule: '§4.1', statuses: [200], because: 'a valid stream request must succeed' });
  const stream = (id: string, title: string, body: Record<string, unknown>, headers: Record<string, string> = {}, extra: Expectation[] = []): Scenario => ({
    id: `stream/${OP}/${id}`,
    title,
    operationId: OP,
    phase: 'main',
    run: async (ctx) => void (await ctx.send(baseRequest(plan, OP, { body: { ...body, stream: true }, headers, stream: true }), [ok, ...extra])),
  });
  const metadataHeader = plan.operation(OP).parameters.find((p) => p.in === 'header' && !p.deprecated && Array.isArray(p.schema.enum) && p.schema.enum.includes('enabled'));
  const scenarios = [
    stream('text', 'streams a plain text answer', plain),
    stream('messages', 'streams an answer to message input', {
      model: plan.config.model,
      instructions: 'Answer in two sentences.',
      input: [{ role: 'user', content: [{ type: 'input_text', text: 'Describe a rainbow in two sentences.' }] }],
    }),
    stream('debug-echo', 'sends the debug chunk first with debug.echo_upstream_body', { ...plain, debug: { echo_upstream_body: true } }),
  ];
  if (metadataHeader) {
    scenarios.push(
      stream('service-metadata', `carries service_metadata on the terminal response with ${metadataHeader.name}: enabled`, plain, { [metadataHeader.name]: 'enabled' }, [
        expectServiceMetadata(metadataHeader.name, `${resultSchema(plan)}/properties/service_metadata`),
      ]),
    );
  }
  return scenarios;
}
