/**
 * Types of a fixtures file, written by hand to match mocks/fixtures/fixtures.schema.json.
 * The schema is what validates; these types describe what a validated file holds.
 */
import type { components } from '../../../../generated/openapi';

/** An API key the mock accepts (securitySchemes bearerAuth). Its hash is sha256 hex of `key`, see hash-key.ts. */
export interface FixtureKey {
  key: string;
  label: string;
  /** Only management keys may unassign guardrail keys (unassignGuardrailKeys: security managementKey). */
  management: boolean;
  user_id: string;
}

/** A guardrail; its patterns are matched case-insensitively as substrings of the input text. */
export interface FixtureGuardrail {
  /** UUID (GuardrailId: format uuid). */
  id: string;
  name: string;
  patterns: string[];
  engines: string[];
  action: 'block';
  scope: 'key';
  /** sha256 hex of keys listed in `keys`. */
  assigned_key_hashes: string[];
}

export interface FixtureProvider {
  slug: string;
  name: string;
  /** `deny`: collects no user data, so it qualifies under ProviderPreferences `data_collection: "deny"`. */
  data_collection: 'deny' | 'allow';
  region: string;
}

type ContractModel = components['schemas']['Model'];

/**
 * Model object exactly as GET /model/{author}/{slug} serves it (Model). It extends the
 * generated contract type, so tsc fails if the two drift apart; it is stricter where the fixtures
 * schema is: every field present, the not-shown fields null.
 */
export interface FixtureModelObject extends ContractModel {
  architecture: ContractModel['architecture'] & { instruct_type: string | null };
  pricing: Required<ContractModel['pricing']>;
  top_provider: Required<ContractModel['top_provider']>;
  reasoning?: Required<components['schemas']['ModelReasoning']>;
  default_parameters: null;
  per_request_limits: null;
  supported_voices: null;
  knowledge_cutoff: null;
  expiration_date: null;
}

export type FixtureQuantization = 'int4' | 'int8' | 'fp4' | 'fp6' | 'fp8' | 'fp16' | 'bf16' | 'fp32' | 'unknown';

/** One provider serving a model; routing preferences (ProviderPreferences) choose among these. */
export interface FixtureEndpoint {
  provider: string;
  quantization: FixtureQuantization;
  /** USD per token, decimal strings. */
  pricing: { prompt: string; completion: string };
  latency_ms: number;
  throughput_tps: number;
  context_length: number;
}

export interface FixtureModel {
  model: FixtureModelObject;
  /** Other author/slug spellings that resolve to this model. */
  aliases: string[];
  /** Model-specific variant suffixes; nitro, floor and online apply to every model and are not listed. */
  variants: string[];
  endpoints: FixtureEndpoint[];
  /** Added field, router models only: the model ids the router may choose from, in preference order. */
  routes_to?: string[];
}

/** How a text is matched: a substring, the whole text, or a regular expression whose groups fill `$1`..`$9`. */
export type FixtureTextMatch = { contains: string } | { equals: string } | { regex: string; flags?: string };

/**
 * A script that answers tool results (the turn after a function call): it applies when a result of
 * the named tool came in, whose output matches `output` when given.
 */
export interface FixtureToolMatch {
  tool: string;
  output?: FixtureTextMatch;
}

/**
 * What a script answers: the last user message (a text match), or tool results (a tool match);
 * with `model`, only for requests whose `model` member, as sent, is that one (ignoring case).
 */
export type FixtureScriptMatch = (FixtureTextMatch | FixtureToolMatch) & { model?: string };

export interface FixtureTextReply {
  text: string;
}

export interface FixtureCall {
  name: string;
  arguments: Record<string, unknown>;
}

export interface FixtureFunctionCallReply {
  function_call: FixtureCall;
}

/** Several calls in one answer (parallel tool calls); one at a time when the request sets `parallel_tool_calls: false`. */
export interface FixtureFunctionCallsReply {
  function_calls: FixtureCall[];
}

export interface FixtureRefusalReply {
  refusal: string;
}

/** One event of a recorded stream: its data, and when it arrived (ms after the request was sent). */
export interface FixtureRecordedEvent {
  at_ms: number;
  event: { type: string; [member: string]: unknown };
}

/**
 * An answer recorded from a gateway (docs/record-replay.md), replayed as it was. Status 200 holds
 * the JSON result (`body`), the stream's `events`, or both; another status holds the error body.
 */
export interface FixtureRecording {
  /** When (ISO 8601) and from which gateway (its base URL) the exchange was recorded. */
  at: string;
  from: string;
  status: number;
  body?: Record<string, unknown>;
  events?: FixtureRecordedEvent[];
}

export interface FixtureRecordedReply {
  recorded: FixtureRecording;
}

export type FixtureReply =
  FixtureTextReply | FixtureFunctionCallReply | FixtureFunctionCallsReply | FixtureRefusalReply | FixtureRecordedReply;

export interface FixtureScript {
  name: string;
  match: FixtureScriptMatch;
  reply: FixtureReply;
  /** Reasoning summary text used when the request asks for reasoning. */
  reasoning?: string;
}

/** 0 means as fast as possible. */
export interface FixturePacing {
  first_token_delay_ms: number;
  tokens_per_second: number;
}

export interface Fixtures {
  $schema?: string;
  keys: FixtureKey[];
  guardrails: FixtureGuardrail[];
  providers: FixtureProvider[];
  models: FixtureModel[];
  scripts: FixtureScript[];
  /** Used when no script matches. */
  default_reply: FixtureTextReply;
  pacing: FixturePacing;
}
