import type { ValidateFunction } from 'ajv';
import type { OperationInfo } from '../../../../kit/contract/operations';
import { createAjv } from '../../../../kit/contract/create-ajv';
import { schemaProblems } from '../../../../kit/schema/schema-problems';
import { EVENT_STREAM } from '../../../../kit/stream/stream-spec';
import { GatewayError } from '../../exchange/gateway-error';
import scenarioSchema from '../../../scenarios/scenario.schema.json';
import type { Scenario, ScenarioStep } from './scenario-types';

/** What a scenario may ask of an operation: a body to match, an event stream to steer. */
export interface ScenarioOperation {
  readonly hasBody: boolean;
  readonly streams: boolean;
}

/** The operations of the spec, as scenarios see them. */
export function scenarioOperations(operations: readonly OperationInfo[]): ReadonlyMap<string, ScenarioOperation> {
  return new Map(
    operations.map((op) => [
      op.operationId,
      {
        hasBody: op.requestBody !== undefined,
        streams: op.responses.get('200')?.content.has(EVENT_STREAM) === true,
      },
    ]),
  );
}

/** Compiled on the first scenario: a mock that never gets one never loads ajv for it. */
let compiled: ValidateFunction | undefined;

/**
 * Checks a scenario against mocks/scenarios/scenario.schema.json, then the rules across fields the
 * schema only describes: `respond` or `steps`, a known operation, fields that fit it, steps of one
 * kind. A bad scenario is a 400 whose message names the field by its JSON pointer.
 */
export function validateScenario(value: unknown, operations: ReadonlyMap<string, ScenarioOperation>): Scenario {
  compiled ??= createAjv().compile(scenarioSchema);
  if (!compiled(value)) {
    const [first] = schemaProblems(compiled.errors);
    throw bad(first?.pointer ?? '', first?.message ?? 'does not follow scenario.schema.json');
  }
  const scenario = value as Scenario;
  const operationId = scenario.match.operation;
  const operation = operations.get(operationId);
  if (!operation)
    throw bad(
      '/match/operation',
      `names no operation "${operationId}"; the operations are ${[...operations.keys()].join(', ')}`,
    );
  if (!operation.hasBody)
    for (const field of ['model', 'input', 'stream'] as const)
      if (scenario.match[field] !== undefined)
        throw bad(`/match/${field}`, `cannot match: ${operationId} has no request body`);
  if ((scenario.respond === undefined) === (scenario.steps === undefined))
    throw bad('', 'needs "respond" (one answer) or "steps" (a sequence of answers), not both and not neither');
  if (scenario.respond) checkStep(scenario.respond, '/respond', operationId, operation);
  scenario.steps?.forEach((step, i) => checkStep(step, `/steps/${i}`, operationId, operation));
  return scenario;
}

const ANSWER_ONLY = ['headers', 'message', 'body'] as const;
const STREAM_ONLY = ['cut', 'firstTokenDelayMs', 'tokensPerSecond'] as const;

/** One step is one kind: an answer (`status`), a network failure, or the normal answer changed. */
function checkStep(step: ScenarioStep, at: string, operationId: string, operation: ScenarioOperation): void {
  if (step.status === undefined) {
    for (const field of ANSWER_ONLY)
      if (step[field] !== undefined) throw bad(`${at}/${field}`, 'applies only to an answer with "status"');
  } else {
    if (step.network !== undefined) throw bad(`${at}/network`, 'cannot go with "status": a step is one or the other');
    if (step.status < 400 && step.body === undefined)
      throw bad(`${at}/body`, `is required for status ${step.status} (only errors have a default body)`);
  }
  for (const field of STREAM_ONLY) {
    if (step[field] === undefined) continue;
    if (step.status !== undefined || step.network !== undefined)
      throw bad(`${at}/${field}`, 'changes the normal answer, so it cannot go with "status" or "network"');
    if (!operation.streams)
      throw bad(`${at}/${field}`, `applies only to streamed answers; ${operationId} does not stream`);
  }
}

function bad(pointer: string, message: string): GatewayError {
  return new GatewayError(400, `Bad scenario: ${pointer || '(the scenario)'} ${message}`, { mockControl: true });
}
