/**
 * Shapes of POST /responses, taken from the contract's generated types (spec/openapi.yaml →
 * generated/openapi.ts). Where the mock always sets a member the schema leaves optional (item
 * ids, statuses, a non-null reasoning summary), the type here says so.
 */
import type { components } from '../../../../../generated/openapi';

type Schemas = components['schemas'];

/** The request body after schema validation (ResponseRequest). */
export type ResponseRequest = Schemas['ResponseRequest'];
export type ToolDefinition = Schemas['Tool'];
export type FunctionTool = Schemas['FunctionTool'];
export type ProviderPreferences = Schemas['ProviderPreferences'];
export type Plugin = Schemas['Plugin'];
/** The plugins that choose a model for a router. */
export type RoutingPlugin =
  Schemas['AutoRouterPlugin'] | Schemas['AutoBetaRouterPlugin'] | Schemas['ParetoRouterPlugin'];

export type OutputTextPart = Schemas['OutputTextPart'];
export type RefusalPart = Schemas['RefusalPart'];
export type OutputMessage = Schemas['OutputMessage'];
export type OutputReasoningItem = Schemas['OutputReasoningItem'] & {
  id: string;
  summary: Array<Schemas['ReasoningSummaryText']>;
};
export type OutputFunctionCall = Schemas['OutputFunctionCallItem'] & { id: string; status: string };
/** The output items the mock produces (OutputItem, without GenericOutputItem). */
export type OutputItem = OutputMessage | OutputReasoningItem | OutputFunctionCall;

export type ResponseUsage = Schemas['ResponseUsage'];
/** ResponseResult, with the mock's output items. */
export type ResponseResult = Omit<Schemas['ResponseResult'], 'output'> & { output: OutputItem[] };

/** The response object of the lifecycle stream events (in progress, failed). */
export type ResponseSnapshot = Schemas['ResponseSnapshot'];

/** Routing metadata (X-Service-Metadata: enabled). */
export type ServiceMetadata = Schemas['ServiceMetadata'];
export type PipelineStage = Schemas['PipelineStage'];

/** The stream events the spec names (ResponseStreamEvent without the catch-all UnknownStreamEvent). */
type NamedStreamEvent<Event = Schemas['ResponseStreamEvent']> = Event extends { type: infer Type }
  ? string extends Type
    ? never
    : Event
  : never;

/**
 * One stream event the mock sends, before it is serialized: a ResponseStreamEvent of the spec.
 * The mock sends named events only, and sets every member of them, also those the schema leaves
 * optional (an event's `item_id`, `output_index`, `delta`...).
 */
export type StreamEvent = NamedStreamEvent extends infer Event
  ? Event extends unknown
    ? Required<Event>
    : never
  : never;
