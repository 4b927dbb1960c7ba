import type { Fixtures } from '../../../core/fixture-model/fixture-types';
import { checkPlugins } from '../provider-choice/check-plugins';
import { chooseProvider } from '../provider-choice/choose-provider';
import type { ModelCandidates } from '../provider-choice/pick-model';
import { pickModels } from '../provider-choice/pick-model';
import type { ProviderChoice } from '../provider-choice/provider-for-model';
import type { SpecDefaults } from '../../../core/spec-facts/spec-defaults';
import type { TokenCounter } from '../../../core/token-counter';
import type { Catalog } from '../../../core/state/catalog';
import type { Answer } from './build-answer';
import { decideAnswer } from './build-answer';
import { buildResult } from './build-result';
import type { ResponseIds } from './ids';
import type { InputText } from './input-text';
import { readInputText } from './input-text';
import type { ResponseRequest, ResponseResult, ServiceMetadata } from './response-types';
import type { HoleValues, Marks, Template } from './result-template';
import { countHoles, fillBytes, makeMarks, toTemplate } from './result-template';

/** What an answer is made from: the validated body and the mock's fixed settings. */
export interface PlanInputs {
  readonly body: ResponseRequest;
  readonly fixtures: Fixtures;
  readonly catalog: Catalog;
  readonly defaults: SpecDefaults;
  /** The mock's token counter (usage, `max_output_tokens`, stream deltas). */
  readonly tokens: TokenCounter;
}

/** The values of one response: the ids its counter gave, its time, its routing metadata. */
export interface Made {
  readonly ids: ResponseIds;
  readonly createdAt: number;
  readonly serviceMetadata: ServiceMetadata | undefined;
}

/** The JSON answer: its UTF-8 bytes filled into a template, or the result object for the pipeline to serialize. */
export type JsonAnswer =
  | { readonly outputTokens: number; readonly json: Uint8Array }
  | { readonly outputTokens: number; readonly result: ResponseResult };

/** The result serialized with holes, made with or without routing metadata. */
export interface ResultTemplate {
  readonly template: Template;
  readonly itemPrefixes: readonly string[];
  readonly outputTokens: number;
  /** The marked result the template was serialized from (streams build their events from it). */
  readonly marked: ResponseResult;
  readonly marks: Marks;
}

/**
 * Everything about a POST /responses answer that follows from the body and the fixtures alone:
 * the model candidates, the provider chosen without a sticky session (a session only ever moves the
 * provider, never the model: every candidate's qualifying endpoints are found before the session
 * picks among them), the input text, the answer, and once the same bytes come a second time, the
 * serialized result with holes (ResultTemplate). What depends on the mock's state is never in it:
 * the guardrail verdict, the sticky session, the response counter and ids, the time, the routing
 * metadata, `x-mock-fail-after-tokens`.
 */
export class ResponsePlan {
  readonly models: ModelCandidates;
  /** The provider chosen without a sticky session. */
  readonly choice: ProviderChoice;
  readonly input: InputText;
  /** Requests answered from this plan so far. */
  uses = 1;
  #answer: Answer | undefined;
  readonly #templates = new Map<boolean, ResultTemplate | null>();
  /** A template was made while the counts were estimates (the ranks still loading). */
  #estimated = false;

  /** Throws the GatewayError the ordinary path throws at these steps (plugins, model, provider). */
  constructor(readonly inputs: PlanInputs) {
    const { body, fixtures, catalog, defaults } = inputs;
    checkPlugins(body.plugins, catalog, defaults.plugins);
    this.models = pickModels(body, catalog, defaults.plugins);
    this.choice = chooseProvider(this.models, body.provider, fixtures.providers, undefined, defaults.provider);
    this.input = readInputText(body);
  }

  /** The scripted answer (decideAnswer), worked out once; asked for only after the guardrails let the request pass. */
  answer(): Answer {
    const { body, fixtures, defaults } = this.inputs;
    this.#answer ??= decideAnswer(body, fixtures, this.input, this.choice.model.model, defaults.request);
    return this.#answer;
  }

  /** The ResponseResult of one response, built the ordinary way. */
  result(made: Made): ResponseResult {
    return this.#build(made.ids, made.createdAt, made.createdAt, made.serviceMetadata);
  }

  /** The JSON answer: filled into the template from the second request on, else built. */
  json(made: Made): JsonAnswer {
    const template = this.template(made.serviceMetadata !== undefined);
    if (!template) {
      const result = this.result(made);
      return { outputTokens: result.usage?.output_tokens ?? 0, result };
    }
    return { outputTokens: template.outputTokens, json: fillBytes(template.template, holeValues(template, made)) };
  }

  /**
   * The plan's result template (one with routing metadata, one without), made on the second
   * request with these bytes, so a body seen once costs nothing more. Undefined before that, and
   * for a result whose marks did not survive serialization as holes. Templates made with
   * estimated counts are made again once the mock's counts are exact (its `tokenRanks` loaded).
   */
  template(withMetadata: boolean): ResultTemplate | undefined {
    if (this.uses < 2) return undefined;
    if (this.#estimated && this.inputs.tokens.exact()) {
      this.#templates.clear();
      this.#estimated = false;
    }
    let template = this.#templates.get(withMetadata);
    if (template === undefined) {
      template = this.#makeTemplate(withMetadata);
      this.#templates.set(withMetadata, template);
    }
    return template ?? undefined;
  }

  #makeTemplate(withMetadata: boolean): ResultTemplate | null {
    this.#estimated ||= !this.inputs.tokens.exact();
    const marks = makeMarks();
    const marked = this.#build(
      marks.ids,
      marks.createdAt,
      marks.completedAt,
      withMetadata ? marks.serviceMetadata : undefined,
    );
    const template = toTemplate(JSON.stringify(marked));
    if (!template) return null;
    const items = marks.itemPrefixes.length;
    const once = (hole: Parameters<typeof countHoles>[1]): boolean => countHoles(template, hole) === 1;
    const complete =
      once('generation') &&
      once('created') &&
      once('completed') &&
      countHoles(template, 'metadata') === (withMetadata ? 1 : 0) &&
      Array.from({ length: items }, (_, i) => i).every(once) &&
      template.holes.length === 3 + items + (withMetadata ? 1 : 0);
    if (!complete) return null;
    const outputTokens = marked.usage?.output_tokens ?? 0;
    return { template, itemPrefixes: marks.itemPrefixes, outputTokens, marked, marks };
  }

  #build(
    ids: ResponseIds,
    createdAt: number,
    completedAt: number,
    serviceMetadata: ServiceMetadata | undefined,
  ): ResponseResult {
    const { body, defaults, tokens } = this.inputs;
    const input = this.input;
    const result = buildResult({
      body,
      tokens,
      input,
      answer: this.answer(),
      createdAt,
      completedAt,
      ids,
      model: this.choice.model.model.id,
      defaults: defaults.request,
    });
    // The last member, set after the result is built (ServiceMetadata).
    if (serviceMetadata) result.service_metadata = serviceMetadata;
    return result;
  }
}

/**
 * The values of one response for a template's holes. The item ids are asked for in the order the
 * result asked for them when it was marked, so each gets the id the ordinary path gives it.
 */
export function holeValues(template: ResultTemplate, made: Made, completed?: () => string): HoleValues {
  const created = String(made.createdAt);
  return {
    generation: made.ids.generation,
    created,
    completed: completed ?? (() => created),
    metadata: made.serviceMetadata === undefined ? '' : JSON.stringify(made.serviceMetadata),
    items: template.itemPrefixes.map((prefix) => made.ids.item(prefix)),
  };
}

/**
 * Plans by body object: the request validator hands out the same frozen object for the same bytes
 * (RequestValidatorOptions.reuseBodies), so a repeated request finds its plan here. A weak map of
 * a pure function of immutable inputs, as the compiled scripts are: it holds no state a request
 * can change, and a plan made for another mock's catalog, spec or token counter is never used.
 */
const plans = new WeakMap<object, ResponsePlan>();

/** The plan for a validated body: the one made before for these bytes (when `reuse`), else a new one. */
export function responsePlan(inputs: PlanInputs, reuse: boolean): ResponsePlan {
  if (!reuse) return new ResponsePlan(inputs);
  const known = plans.get(inputs.body);
  if (
    known &&
    known.inputs.catalog === inputs.catalog &&
    known.inputs.defaults === inputs.defaults &&
    known.inputs.tokens === inputs.tokens
  ) {
    known.uses++;
    return known;
  }
  const plan = new ResponsePlan(inputs);
  plans.set(inputs.body, plan);
  return plan;
}
