import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import { expectInvalidRequestRejected } from '../checks/invalid-request-rejected';
import { expectNoServerError } from '../checks/no-server-error';
import { expectStatus } from '../checks/status-matches-rule';
import { expectValidRequestAccepted } from '../checks/valid-request-accepted';
import type { PlanContext, SuiteScenario } from '../engine/scenario';
import { deriveBoundaries } from '../schema/derive-boundaries';
import { schemaArbitrary } from '../schema/schema-arbitrary';
import { baseRequest, fillPath, plainResponseBody } from './base-requests';
import { pagedListOperations } from './paged-list-operations';
import { isRecord } from '../../kit/json/guards';
import { semanticRules } from '../../kit/contract/semantic-rules';
import type { JsonObject } from '../../kit/json/guards';

/** Values of the wrong JSON type, one per type a member may not have. */
const WRONG_TYPES: ReadonlyArray<[string, unknown]> = [
  ['string', 'conformance'],
  ['integer', 42],
  ['number', 4.5],
  ['boolean', true],
  ['object', { a: 'b' }],
  ['array', ['x']],
];

/** How the property phase treats the semantic 400 rules of the spec (BadRequest examples marked `x-semantic-rule`). */
export interface PropertyOptions {
  /**
   * `known` (the suite's runs): generated requests name the target's model and add to a plain
   * request, so they break no semantic rule and must be accepted. `unknown`: requests come from
   * the request schema alone, as a tool that reads only the spec makes them; a 400 is then a
   * documented refusal only when it carries one of the semantic rules' messages, so a refusal
   * for any rule the spec does not write down fails (a rule its schema could state among them).
   */
  readonly semanticRules?: 'known' | 'unknown';
}

/**
 * The seeded property-based phase: requests generated from the document's schemas, every member
 * the request schema defines (schema-arbitrary.ts leaves out only what the spec does not
 * constrain enough for a gateway to have to accept it). Valid ones must be accepted (a generated
 * `stream: true` is read, and checked, as a stream), invalid ones (a derived limit or enum breach or a
 * wrong JSON type) must get 400 in the envelope, and nothing may get a 5xx. `fc.sample` with the
 * run's seed makes every run replayable.
 */
export function propertyScenarios(plan: PlanContext, options: PropertyOptions = {}): SuiteScenario[] {
  const { seed, propertyRuns } = plan.config;
  if (propertyRuns === 0) return [];
  const op = plan.operation('createResponse');
  const bodyPointer = op.requestBody?.content.get('application/json');
  if (bodyPointer === undefined) return [];
  const validate = plan.contract.validator(bodyPointer);
  const specOnly = options.semanticRules === 'unknown';
  const valid = validRequests(plan, bodyPointer, specOnly).filter((body) => validate(body));
  const documentedRefusals = specOnly ? semanticRules(plan.contract) : [];
  const invalid = invalidRequests(plan, bodyPointer, valid);
  const scenario = (id: string, operationId: string, title: string, run: SuiteScenario['run']): SuiteScenario => ({
    id: `property/${operationId}/${id}`,
    title: `${title} (${propertyRuns} generated, seed ${seed})`,
    operationId,
    phase: 'property',
    run,
  });
  const members = requestMembers(plan, bodyPointer);
  const generated = generatedMembers(plan, members);
  const over = `over ${generated.length} of the ${Object.keys(members).length} request members`;
  return [
    scenario('valid-requests-accepted', 'createResponse', `accepts generated valid requests ${over}`, async (ctx) => {
      const samples = fc.sample(valid, { seed, numRuns: propertyRuns });
      await Promise.all(
        samples.map((body) =>
          ctx.send(baseRequest(plan, 'createResponse', { body, stream: body.stream === true }), [
            expectValidRequestAccepted(documentedRefusals),
            expectNoServerError(),
          ]),
        ),
      );
    }),
    scenario(
      'invalid-requests-rejected',
      'createResponse',
      'rejects generated invalid requests with a 4xx',
      async (ctx) => {
        const samples = fc.sample(
          invalid.filter(([body]) => !validate(body)),
          { seed: seed + 1, numRuns: propertyRuns },
        );
        await Promise.all(
          samples.map(([body, what]) =>
            ctx.send(baseRequest(plan, 'createResponse', { body }), [
              expectInvalidRequestRejected(what),
              expectNoServerError(),
            ]),
          ),
        );
      },
    ),
    scenario(
      'wrong-types-rejected',
      'createResponse',
      'rejects each request member sent with a JSON type its schema does not allow',
      async (ctx) => {
        const cases = wrongTypeCases(plan, bodyPointer, seed);
        await Promise.all(
          cases.map(([body, what]) =>
            ctx.send(baseRequest(plan, 'createResponse', { body }), [
              expectInvalidRequestRejected(what),
              expectNoServerError(),
            ]),
          ),
        );
      },
    ),
    ...pagedListOperations(plan).map((list) =>
      scenario('paging-parameters', list, 'accepts paging parameters in range and rejects the others', async (ctx) => {
        const samples = fc.sample(queryValues(plan, list), { seed: seed + 2, numRuns: propertyRuns });
        await Promise.all(
          samples.map(({ query, ok }) =>
            ctx.send(baseRequest(plan, list, { query }), [
              ok ? expectValidRequestAccepted() : expectInvalidRequestRejected(`query ${JSON.stringify(query)}`),
              expectNoServerError(),
            ]),
          ),
        );
      }),
    ),
    scenario('model-slugs', 'getModel', 'answers 200 or 404 to generated model ids, never 5xx', async (ctx) => {
      const getModel = plan.operation('getModel');
      const slug = fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,24}$/);
      const samples = fc.sample(fc.tuple(slug, slug), { seed: seed + 3, numRuns: propertyRuns });
      const found = expectStatus({
        check: 'no-server-error',
        family: 'property',
        rule: 'getModel 404',
        statuses: [200, 404],
        because: 'a model lookup either finds the model or answers 404',
      });
      await Promise.all(
        samples.map(([author, s]) =>
          ctx.send(baseRequest(plan, 'getModel', { path: fillPath(getModel, { author, slug: s }) }), [found]),
        ),
      );
    }),
  ];
}

/** Every member the request schema defines. */
function requestMembers(plan: PlanContext, pointer: string): Record<string, unknown> {
  const schema = plan.contract.resolve<JsonObject>(plan.contract.at(pointer));
  return isRecord(schema.properties) ? schema.properties : {};
}

/**
 * The members valid values are generated for: those whose values the spec constrains enough that
 * a gateway must accept any of them (schema-arbitrary.ts); the rest (a number without bounds, free
 * text the spec leaves open) keep their plain-request value, and still get wrong types.
 */
export function generatedMembers(plan: PlanContext, members: Readonly<Record<string, unknown>>): string[] {
  const hints = { model: plan.config.model };
  return Object.keys(members).filter(
    (key) => schemaArbitrary(plan.contract, members[key], hints, key, 1) !== undefined,
  );
}

/** Generated bodies: added to a plain request for the target's model, or (`specOnly`) made from the schema alone. */
function validRequests(plan: PlanContext, pointer: string, specOnly: boolean): Arbitrary<Record<string, unknown>> {
  const members = requestMembers(plan, pointer);
  const hints = { model: specOnly ? undefined : plan.config.model };
  const arb = schemaArbitrary(plan.contract, { type: 'object', properties: members }, hints);
  if (!arb) throw new Error('no member of the request schema can be generated');
  const base = specOnly ? {} : plainResponseBody(plan);
  return arb.map((extra) => ({ ...base, ...(extra as Record<string, unknown>) }));
}

/** A valid request plus one breach: a derived past-the-boundary value, or a member of a wrong type. */
function invalidRequests(
  plan: PlanContext,
  pointer: string,
  valid: Arbitrary<Record<string, unknown>>,
): Arbitrary<[Record<string, unknown>, string]> {
  const breaches = deriveBoundaries(plan.contract, pointer, { model: plan.config.model }).filter((c) => !c.valid);
  const fromLimits = fc
    .tuple(valid, fc.constantFrom(...breaches))
    .map(([body, c]): [Record<string, unknown>, string] => [{ ...body, ...(c.value as object) }, c.description]);
  const wrongType = fc
    .tuple(valid, fc.constantFrom(...Object.keys(requestMembers(plan, pointer))), fc.constantFrom(...WRONG_TYPES))
    .map(([body, key, [type, value]]): [Record<string, unknown>, string] => [
      { ...body, [key]: value },
      `${key} as ${type}`,
    ]);
  return fc.oneof(fromLimits, wrongType);
}

/**
 * Every member of the request schema, once, with a value of a JSON type the schema rejects (the
 * seed picks which wrong type), so a gateway that coerces or ignores a mistyped member is caught
 * whatever the random draw.
 */
function wrongTypeCases(plan: PlanContext, pointer: string, seed: number): Array<[Record<string, unknown>, string]> {
  const validate = plan.contract.validator(pointer);
  const base = plainResponseBody(plan);
  return Object.keys(requestMembers(plan, pointer)).flatMap((key, i) => {
    const wrong = WRONG_TYPES.filter(([, value]) => !validate({ ...base, [key]: value }));
    const pick = wrong[Math.abs(seed + i) % Math.max(1, wrong.length)];
    return pick ? [[{ ...base, [key]: pick[1] }, `${key} as ${pick[0]}`] as [Record<string, unknown>, string]] : [];
  });
}

/** Paging parameters in and out of their documented ranges, labelled by the document's validator. */
function queryValues(plan: PlanContext, list: string): Arbitrary<{ query: Record<string, string>; ok: boolean }> {
  const params = plan.operation(list).parameters.filter((p) => p.in === 'query');
  const value = fc.oneof(fc.integer({ min: -5, max: 1100 }).map(String), fc.constantFrom('abc', '1.5', 'ten'));
  const queries = fc.record(Object.fromEntries(params.map((p) => [p.name, value])), { requiredKeys: [] });
  return queries.map((query) => {
    const ok = params.every((p) => {
      const raw = query[p.name];
      if (raw === undefined) return true;
      const numeric = /^-?\d+$/.test(raw) ? Number(raw) : raw;
      return plan.contract.validator(p.schemaPointer)(numeric);
    });
    return { query: query as Record<string, string>, ok };
  });
}
