/**
 * The property phase with semantic rules unknown: requests generated from the request schema
 * alone, as a tool that reads only the spec makes them. Against the mock it finds no schema-valid
 * request refused for a rule the spec does not write down as a semantic rule (the schema states
 * the others as keywords: ResponseRequest's anyOf, minLength of model ids, UsdAmount's pattern);
 * judged against a copy of the spec that drops the anyOf, the same phase finds the refusals.
 */
import { createContract, loadContract } from '../../../kit/contract/contract';
import type { Contract } from '../../../kit/contract/contract';
import type { JsonObject } from '../../../kit/json/guards';
import { startInProcessMock } from '../../../mocks/index';
import type { RunningMock } from '../../../mocks/index';
import { runSuite } from '../../run/run-suite';
import type { SuiteResult } from '../../run/run-suite';
import type { ScenarioContext } from '../../engine/scenario';
import { propertyScenarios } from '../../scenarios/property-scenarios';
import { mockTargetConfig } from '../support/suite-harness';

const VALID = 'property/createResponse/valid-requests-accepted';

/**
 * Only the phase's valid-requests scenario, with semantic rules unknown, judged against
 * `contract`; the status of every answer goes to `statuses`.
 */
function specOnlyRun(contract: Contract, mock: RunningMock, statuses: number[] = []): Promise<SuiteResult> {
  const config = {
    // Generous waits: what is judged here is the statuses, not how fast a loaded machine answers.
    ...mockTargetConfig({ propertyRuns: 50, seed: 41, eventTimeoutMs: 10_000, requestTimeoutMs: 30_000 }),
    baseUrl: mock.baseUrl,
    resetUrl: `${new URL(mock.baseUrl).origin}/__mock/reset`,
  };
  return runSuite({
    contract,
    config,
    scenarios: (plan) =>
      propertyScenarios(plan, { semanticRules: 'unknown' })
        .filter((s) => s.id === VALID)
        .map((scenario) => ({
          ...scenario,
          run: (ctx: ScenarioContext) => {
            const watched = Object.create(ctx) as ScenarioContext;
            watched.send = async (...args) => {
              const exchange = await ctx.send(...args);
              if (exchange.response) statuses.push(exchange.response.status);
              return exchange;
            };
            return scenario.run(watched);
          },
        })),
  });
}

/** A copy of the shipped spec whose ResponseRequest no longer says that a request names a model. */
function withoutModelRule(): Contract {
  const document = structuredClone(loadContract().document);
  const schemas = (document.components as { schemas: Record<string, JsonObject> }).schemas;
  delete schemas.ResponseRequest?.allOf;
  return createContract(document);
}

describe('the property phase with semantic rules unknown', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startInProcessMock();
  });
  afterAll(() => mock.close());

  it('finds no schema-valid request the mock refuses for a rule the spec does not write down', async () => {
    const result = await specOnlyRun(loadContract(), mock);
    const refusals = result.recorder
      .failures()
      .filter((f) => f.check === 'valid-request-accepted' || f.check === 'no-server-error');
    expect(refusals.map((f) => `${f.check}: ${f.message} ${f.received.body}`)).toEqual([]);
    expect(result.recorder.exchanges).toBeGreaterThan(0);
  });

  it('lets through the refusals the spec documents as semantic rules, which it does provoke', async () => {
    const statuses: number[] = [];
    await specOnlyRun(loadContract(), mock, statuses);
    expect(statuses).toContain(200);
    // Model ids made up from the schema name no model of the catalog (unknownModel).
    expect(statuses).toContain(400);
  });

  it('finds the refusals of a rule the spec leaves unsaid', async () => {
    const result = await specOnlyRun(withoutModelRule(), mock);
    const failures = result.recorder.failures().filter((f) => f.check === 'valid-request-accepted');
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.map((f) => f.received.body).join('\n')).toContain('(anyOf)');
  });
});
