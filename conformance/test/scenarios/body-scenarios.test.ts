import { loadContract } from '../../../kit/contract/contract';
import { planContext } from '../../run/run-suite';
import { bodyScenarios } from '../../scenarios/body-scenarios';
import type { RequestSpec } from '../../engine/types';
import type { ScenarioContext } from '../../engine/scenario';
import { mockTargetConfig } from '../support/suite-harness';

const contract = loadContract();
const plan = planContext(contract, mockTargetConfig());

/** The request a scenario sends, without sending it. */
async function requestOf(id: string): Promise<RequestSpec> {
  const scenario = bodyScenarios(plan).find((s) => s.id === id);
  if (!scenario) throw new Error(`no scenario ${id}`);
  const sent: RequestSpec[] = [];
  const ctx = {
    send: (request: RequestSpec) => {
      sent.push(request);
      return Promise.resolve({ scenario: id, operation: plan.operation('createResponse'), request, url: '' });
    },
  } as unknown as ScenarioContext;
  await scenario.run(ctx);
  const [request] = sent;
  if (!request) throw new Error(`${id} sent nothing`);
  return request;
}

describe('body scenarios', () => {
  it('sends the plain request without every member the body anyOf asks one of, which the schema refuses', async () => {
    const request = await requestOf('rules/createResponse/none-of-the-alternatives');
    const body = request.body as Record<string, unknown>;
    for (const member of ['model', 'models', 'plugins']) expect(body).not.toHaveProperty(member);
    expect(body.input).toBeDefined();
    const pointer = plan.operation('createResponse').requestBody?.content.get('application/json') ?? '';
    expect(contract.validator(pointer)(body)).toBe(false);
  });

  it('plans no such scenario for a body without an anyOf of members (unassignGuardrailKeys)', () => {
    const ids = bodyScenarios(plan).map((s) => s.id);
    expect(ids).not.toContain('rules/unassignGuardrailKeys/none-of-the-alternatives');
  });
});
