import { createContract, loadContract } from '../../../kit/contract/contract';
import type { JsonObject } from '../../../kit/json/guards';
import { planContext } from '../../run/run-suite';
import type { ScenarioContext } from '../../engine/scenario';
import type { RequestSpec } from '../../engine/types';
import { generatedMembers, propertyScenarios } from '../../scenarios/property-scenarios';
import { mockTargetConfig } from '../support/suite-harness';

const contract = loadContract();

/** The requests a property scenario sends, without sending them. */
async function requestsOf(document: JsonObject, id: string): Promise<RequestSpec[]> {
  const plan = planContext(createContract(document), mockTargetConfig({ propertyRuns: 200, seed: 3 }));
  const scenario = propertyScenarios(plan).find((s) => s.id === id);
  if (!scenario) throw new Error(`no scenario ${id}`);
  const sent: RequestSpec[] = [];
  const ctx = {
    config: plan.config,
    checks: plan.checks,
    send: (request: RequestSpec) => {
      sent.push(request);
      return Promise.resolve({ scenario: id, operation: plan.operation('createResponse'), request, url: '' });
    },
    probe: () => Promise.reject(new Error('not used')),
  } as unknown as ScenarioContext;
  await scenario.run(ctx);
  return sent;
}

const members = (requests: readonly RequestSpec[]) =>
  new Set(requests.flatMap((r) => Object.keys(r.body as Record<string, unknown>)));

describe('the property phase', () => {
  it('generates valid requests over the request members the spec constrains, well beyond a short list', async () => {
    const seen = members(await requestsOf(contract.document, 'property/createResponse/valid-requests-accepted'));
    const schema = contract.resolve<{ properties: Record<string, unknown> }>(
      contract.at('#/components/schemas/ResponseRequest'),
    );
    const plan = planContext(contract, mockTargetConfig());
    expect([...seen].sort()).toEqual(expect.arrayContaining(generatedMembers(plan, schema.properties)));
    expect(generatedMembers(plan, schema.properties).length).toBeGreaterThan(15);
  });

  it('generates a member added to the spec, without a list to update', async () => {
    const document = structuredClone(contract.document);
    const schemas = (document.components as { schemas: Record<string, { properties: Record<string, unknown> }> })
      .schemas;
    (schemas.ResponseRequest as { properties: Record<string, unknown> }).properties.conformance_new_member = {
      type: 'string',
      enum: ['one', 'two'],
    };
    const sent = await requestsOf(document, 'property/createResponse/valid-requests-accepted');
    expect(members(sent).has('conformance_new_member')).toBe(true);
    const wrong = await requestsOf(document, 'property/createResponse/wrong-types-rejected');
    expect(
      wrong.some(
        (r) =>
          typeof (r.body as Record<string, unknown>).conformance_new_member !== 'string' &&
          'conformance_new_member' in (r.body as object),
      ),
    ).toBe(true);
  });

  it('reads a generated stream: true as a stream', async () => {
    const sent = await requestsOf(contract.document, 'property/createResponse/valid-requests-accepted');
    const streams = sent.filter((r) => (r.body as Record<string, unknown>).stream === true);
    expect(streams.length).toBeGreaterThan(0);
    expect(streams.every((r) => r.stream === true)).toBe(true);
  });

  it('sends a member the spec leaves open (x-not-shown) only with values the spec shows', async () => {
    const sent = await requestsOf(contract.document, 'property/createResponse/valid-requests-accepted');
    const truncation = sent.map((r) => (r.body as Record<string, unknown>).truncation).filter((v) => v !== undefined);
    expect(truncation.length).toBeGreaterThan(0);
    expect(new Set(truncation)).toEqual(new Set(['auto', 'disabled']));
    expect(members(sent).has('route')).toBe(false);
  });
});
