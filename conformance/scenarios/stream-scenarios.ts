import { expectServiceMetadata } from '../checks/service-metadata-present';
import { expectStatus } from '../checks/status-matches-rule';
import type { PlanContext, SuiteScenario } from '../engine/scenario';
import type { Expectation } from '../engine/types';
import { baseRequest, plainResponseBody } from './base-requests';
import { resultSchema } from './response-rule-scenarios';
import { deriveBoundaries } from '../schema/derive-boundaries';
import type { BoundaryCase } from '../schema/derive-boundaries';

const OP = 'createResponse';

/**
 * Streams of POST /responses (createResponse, ResponseStreamEvent). Every stream check (framing, event schemas,
 * sequence, lifecycle, pairs, ids, deltas, [DONE], stalls) runs on each of these exchanges; the
 * scenarios vary what shapes the stream: plain and message input, the debug chunk, metadata. Each
 * is asked twice: with `Accept: text/event-stream`, and without an Accept header of its own (the
 * `-no-accept` twin), since the contract switches on the body's `stream` alone and a gateway
 * that streams only when asked by the header breaks clients that do not send it.
 */
export function streamScenarios(plan: PlanContext): SuiteScenario[] {
  const plain = plainResponseBody(plan);
  const ok: Expectation = expectStatus({
    rule: 'createResponse 200 text/event-stream',
    statuses: [200],
    because: 'a valid stream request must succeed',
  });
  const stream = (
    id: string,
    title: string,
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
    extra: Expectation[] = [],
  ): SuiteScenario[] =>
    [true, false].map((acceptEventStream) => ({
      id: `stream/${OP}/${id}${acceptEventStream ? '' : '-no-accept'}`,
      title: acceptEventStream ? title : `${title} (no Accept header)`,
      operationId: OP,
      phase: 'main',
      run: async (ctx) =>
        void (await ctx.send(
          baseRequest(plan, OP, { body: { ...body, stream: true }, headers, stream: true, acceptEventStream }),
          [ok, ...extra],
        )),
    }));
  const metadataHeader = plan
    .operation(OP)
    .parameters.find(
      (p) => p.in === 'header' && !p.deprecated && Array.isArray(p.schema.enum) && p.schema.enum.includes('enabled'),
    );
  const scenarios = [
    ...stream('text', 'streams a plain text answer', plain),
    ...stream('messages', 'streams an answer to message input', {
      model: plan.config.model,
      instructions: 'Answer in two sentences.',
      input: [{ role: 'user', content: [{ type: 'input_text', text: 'Describe a rainbow in two sentences.' }] }],
    }),
    ...stream('debug-echo', 'sends the debug chunk first with debug.echo_upstream_body', {
      ...plain,
      debug: { echo_upstream_body: true },
    }),
    // An answer longer than max_output_tokens ends with response.incomplete: the whole result (ResponseResult,
    // its metadata the request's), which the checks of the final result judge as they judge response.completed.
    ...stream('max-output-tokens', 'ends an answer cut at max_output_tokens with the whole result', {
      model: plan.config.model,
      input: 'Write a long essay about the history of rainbows, in at least ten paragraphs.',
      max_output_tokens: 16,
      metadata: { purpose: 'conformance' },
    }),
  ];
  const breach = firstBreach(plan);
  if (breach) {
    scenarios.push({
      id: `stream/${OP}/invalid-request`,
      title: `answers an invalid stream request with a 400 envelope, not a stream (${breach.description})`,
      operationId: OP,
      phase: 'main',
      run: async (ctx) =>
        void (await ctx.send(
          baseRequest(plan, OP, { body: { ...(breach.value as object), stream: true }, stream: true }),
          [
            expectStatus({
              rule: 'createResponse 400',
              statuses: [400],
              because: 'validation happens before streaming starts',
            }),
          ],
        )),
    });
  }
  if (metadataHeader) {
    scenarios.push(
      ...stream(
        'service-metadata',
        `carries service_metadata on the terminal response with ${metadataHeader.name}: enabled`,
        plain,
        { [metadataHeader.name]: 'enabled' },
        [expectServiceMetadata(metadataHeader.name, `${resultSchema(plan)}/properties/service_metadata`)],
      ),
    );
  }
  return scenarios;
}

/** The first derived past-the-limit request body (a too-long `user`, say), whole. */
function firstBreach(plan: PlanContext): BoundaryCase | undefined {
  const pointer = plan.operation(OP).requestBody?.content.get('application/json');
  if (pointer === undefined) return undefined;
  const base = plainResponseBody(plan);
  return deriveBoundaries(plan.contract, pointer, { model: plan.config.model }, (v) => ({
    ...base,
    ...(v as object),
  })).find((c) => c.kind === 'limit' && !c.valid);
}
