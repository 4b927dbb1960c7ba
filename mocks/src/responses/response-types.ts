/**
 * Shapes the responses engine reads and writes (contract §2.1, §2.6, §6). Written by hand to
 * mirror spec/openapi.yaml (ResponseRequest, ResponseResult, OutputItem...) until
 * generated/openapi.ts exists; the schema stays the one that validates.
 */

/** The request body after schema validation (contract §2.1); only the members the engine reads. */
export interface ResponseRequest {
  readonly model?: string;
  readonly models?: readonly string[];
  readonly input?: string | readonly InputItem[];
  readonly instructions?: string | null;
  readonly prompt?: { readonly id: string; readonly variables?: Readonly<Record<string, unknown>> | null } | null;
  readonly tools?: readonly ToolDefinition[];
  readonly tool_choice?: ToolChoice;
  readonly parallel_tool_calls?: boolean | null;
  readonly temperature?: number | null;
  readonly top_p?: number | null;
  readonly presence_penalty?: number | null;
  readonly frequency_penalty?: number | null;
  readonly max_output_tokens?: number | null;
  readonly metadata?: Readonly<Record<string, string>> | null;
  readonly service_tier?: string | null;
  readonly text?: Readonly<Record<string, unknown>>;
  readonly reasoning?: Readonly<Record<string, unknown>>;
  readonly include?: readonly string[] | null;
  readonly provider?: ProviderPreferences;
  readonly plugins?: readonly Plugin[];
  readonly session_id?: string;
  readonly stream?: boolean;
  readonly debug?: { readonly echo_upstream_body?: boolean };
}

/** Any input item (contract §2.2); the engine reads text out of the kinds it knows. */
export type InputItem = Readonly<Record<string, unknown>> & { readonly type?: string; readonly role?: string };

export interface ToolDefinition {
  readonly type: string;
  readonly name?: string;
  readonly description?: string;
  readonly parameters?: Readonly<Record<string, unknown>>;
  readonly [extra: string]: unknown;
}

export type ToolChoice = string | Readonly<Record<string, unknown>>;

/** contract §2.4 */
export interface ProviderPreferences {
  readonly allow_fallbacks?: boolean | null;
  readonly data_collection?: 'deny' | 'allow' | null;
  readonly enforce_distillable_text?: boolean | null;
  readonly ignore?: readonly string[] | null;
  readonly only?: readonly string[] | null;
  readonly order?: readonly string[] | null;
  readonly max_price?: Readonly<Partial<Record<'audio' | 'completion' | 'image' | 'prompt' | 'request', string>>>;
  readonly quantizations?: readonly string[];
}

/** contract §2.3: every plugin has `id` and an optional `enabled`. */
export interface Plugin {
  readonly id: string;
  readonly enabled?: boolean;
  readonly [field: string]: unknown;
}

export interface OutputTextPart {
  type: 'output_text';
  text: string;
  annotations: unknown[];
  logprobs: unknown[];
}

export interface RefusalPart {
  type: 'refusal';
  refusal: string;
}

export interface OutputMessage {
  type: 'message';
  id: string;
  role: 'assistant';
  status: 'completed' | 'incomplete' | 'in_progress';
  content: Array<OutputTextPart | RefusalPart>;
}

export interface OutputReasoningItem {
  type: 'reasoning';
  id: string;
  summary: Array<{ type: 'summary_text'; text: string }>;
  encrypted_content?: string | null;
  status?: 'completed' | 'incomplete' | 'in_progress';
}

export interface OutputFunctionCall {
  type: 'function_call';
  id: string;
  call_id: string;
  name: string;
  arguments: string;
  status: 'completed' | 'incomplete' | 'in_progress';
}

export type OutputItem = OutputMessage | OutputReasoningItem | OutputFunctionCall;

export interface ResponseUsage {
  input_tokens: number;
  input_tokens_details: { cached_tokens: number };
  output_tokens: number;
  output_tokens_details: { reasoning_tokens: number };
  total_tokens: number;
}

/** contract §2.6 (required members per REFERENCE-FACTS). */
export interface ResponseResult {
  id: string;
  object: 'response';
  created_at: number;
  completed_at: number | null;
  status: 'completed' | 'incomplete' | 'in_progress';
  error: null;
  incomplete_details: { reason: string } | null;
  instructions: string | null;
  max_output_tokens: number | null;
  metadata: Record<string, string>;
  model: string;
  output: OutputItem[];
  parallel_tool_calls: boolean;
  frequency_penalty: number | null;
  presence_penalty: number | null;
  temperature: number | null;
  top_p: number | null;
  tool_choice: ToolChoice;
  tools: readonly ToolDefinition[];
  service_tier: string | null;
  text: Readonly<Record<string, unknown>>;
  usage?: ResponseUsage;
  service_metadata?: ServiceMetadata;
}

/** contract §7.3 (a type alias, so it is assignable to the envelope's plain-object member) */
export type ServiceMetadata = {
  attempt: number;
  endpoints: { available: Array<{ model: string; provider: string; selected: boolean }>; total: number };
  is_byok: boolean;
  region: string;
  requested: string;
  strategy: string;
  summary: string;
  pipeline: PipelineStage[];
};

export interface PipelineStage {
  type: 'guardrail';
  name: string;
  summary: string;
  guardrail_id: string;
  guardrail_scope: string;
  data: { action: string; detected: boolean; engines: string[]; patterns: string[] };
}

/** One stream event (contract §6); `sequence_number` is added by the numbering step. */
export type StreamEvent = { type: string } & Record<string, unknown>;
