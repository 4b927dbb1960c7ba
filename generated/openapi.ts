/**
 * GENERATED FILE: do not edit.
 * Produced from spec/openapi.yaml by `npm run generate` (openapi-typescript).
 * Change the spec, then regenerate.
 */
export interface paths {
    "/responses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a response
         * @description Creates a response from a model, streaming or not. The Responses API is
         *     stateless: nothing is stored and `previous_response_id` must be null.
         *     With `stream: true` the 200 body is a Server-Sent Events stream.
         *     A blocked guardrail yields 403.
         */
        post: operations["createResponse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/guardrails/{id}/assignments/keys/remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unassign API keys from a guardrail
         * @description Unassigns multiple API keys from one guardrail and reports how many keys
         *     were actually unassigned. A management key is required: the operation's
         *     security is `managementKey`.
         */
        post: operations["unassignGuardrailKeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/embeddings/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List embeddings models
         * @description Lists all available embeddings models with their properties. When both
         *     `offset` and `limit` are omitted the full list is returned.
         */
        get: operations["listEmbeddingsModels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/model/{author}/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one model
         * @description Returns full details of one model. The slug may carry a variant suffix
         *     after a colon (`<slug>:<variant>`), and known slug aliases are resolved.
         */
        get: operations["getModel"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description Body of POST /responses. No field is required on its own; the sample
         *     request carries `model` and `input`. Two rules between members are keywords, each a titled
         *     `allOf` member: the request names its model (`model`, a non-empty `models` list, or an
         *     enabled routing plugin, which then chooses one), and `tool_choice: "required"` comes with a
         *     function tool.
         */
        ResponseRequest: {
            background?: boolean | null;
            cache_control?: components["schemas"]["CacheControl"];
            debug?: components["schemas"]["DebugOptions"];
            /** Format: double */
            frequency_penalty?: number | null;
            image_config?: components["schemas"]["ImageConfig"];
            include?: components["schemas"]["ResponseIncludable"][] | null;
            input?: components["schemas"]["ResponseInput"];
            instructions?: string | null;
            max_output_tokens?: number | null;
            max_tool_calls?: number | null;
            metadata?: components["schemas"]["RequestMetadata"];
            modalities?: ("text" | "image")[];
            /** @example openai/gpt-4o */
            model?: string;
            /** @description Model fallback list. */
            models?: string[];
            /**
             * @description Whether the model may call several tools at once. The contract shows no default (x-not-shown);
             *     `true` is the public gateway's (OpenAI Responses semantics), and the result echoes it when the
             *     request leaves the field out.
             * @default true
             */
            parallel_tool_calls?: boolean | null;
            /** @description Plugin objects, each discriminated by its `id`. */
            plugins?: components["schemas"]["Plugin"][];
            /** Format: double */
            presence_penalty?: number | null;
            /**
             * @description Not supported: the Responses API is stateless. Only null is accepted;
             *     a non-null value is rejected with status 400. The full history goes in `input`.
             */
            previous_response_id?: null;
            prompt?: components["schemas"]["PromptReference"];
            prompt_cache_key?: string | null;
            prompt_cache_options?: components["schemas"]["PromptCacheOptions"];
            provider?: components["schemas"]["ProviderPreferences"];
            reasoning?: components["schemas"]["ReasoningConfig"];
            /**
             * @deprecated
             * @description Deprecated routing field; its allowed values are not shown.
             */
            route?: string;
            safety_identifier?: string | null;
            /**
             * @default auto
             * @enum {string|null}
             */
            service_tier?: "auto" | "default" | "flex" | "priority" | "scale" | null;
            /**
             * @description Sticky routing key: requests with the same value go to the same provider; also used for
             *     observability grouping. At most 256 characters. May also be sent in
             *     the `x-session-id` header; the body value wins when both are present.
             */
            session_id?: string;
            stop_server_tools_when?: components["schemas"]["StopServerToolsWhen"];
            /**
             * @description Only `false` is allowed; no responses are stored.
             * @default false
             * @constant
             */
            store?: false;
            /**
             * @description When true the 200 response is an event stream.
             * @default false
             */
            stream?: boolean;
            /** Format: double */
            temperature?: number | null;
            /**
             * @description Text output configuration (TextConfig); its fields are not shown, nor is a
             *     default: plain text, `{format: {type: text}}`, is the public gateway's (OpenAI Responses
             *     semantics), and the result echoes it when the request leaves `text` out.
             * @default {
             *       "format": {
             *         "type": "text"
             *       }
             *     }
             */
            text?: components["schemas"]["TextConfig"];
            /**
             * @description Tool choice setting, an enum value or an object (ToolChoice); allowed values and object fields
             *     are not shown, nor is a default: `auto` is the public gateway's (OpenAI
             *     Responses semantics), and the result echoes it when the request leaves `tool_choice` out.
             * @default auto
             */
            tool_choice?: components["schemas"]["ToolChoice"];
            /** @description Tool definitions. */
            tools?: components["schemas"]["Tool"][];
            top_k?: number;
            top_logprobs?: number | null;
            /** Format: double */
            top_p?: number | null;
            trace?: components["schemas"]["TraceConfig"];
            /**
             * @description Truncation setting, an enum whose values are not shown.
             * @example auto
             * @example disabled
             */
            truncation?: string;
            /** @description End-user identifier. At most 256 characters. */
            user?: string;
        } & ((unknown | {
            models: unknown;
        } | {
            plugins: unknown;
        }) & unknown);
        /**
         * @description Automatic prompt caching directive. At top level, cache breakpoints are
         *     applied to the last cacheable block; on a content block it marks an explicit breakpoint.
         */
        CacheControl: {
            /** @enum {string} */
            type: "ephemeral";
            /**
             * @description Cache lifetime; allowed values are not shown.
             * @example 5m
             * @example 1h
             */
            ttl?: string;
        };
        /** @description Debug options, streaming only. */
        DebugOptions: {
            /**
             * @description When true, a `response.debug` chunk with the transformed upstream request body is sent at
             *     the start of the stream.
             */
            echo_upstream_body?: boolean;
        };
        /** @description Free-form provider-specific keys; each value is a string, a number or an array. */
        ImageConfig: {
            [key: string]: string | number | unknown[];
        };
        /**
         * @description Extra data to include in the result .
         * @enum {string}
         */
        ResponseIncludable: "file_search_call.results" | "message.input_image.image_url" | "computer_call_output.output.image_url" | "reasoning.encrypted_content" | "code_interpreter_call.outputs";
        /**
         * @description Map of string to string: at most 16 pairs, keys at most 64 characters
         *     and without brackets, values at most 512 characters.
         */
        RequestMetadata: {
            [key: string]: string;
        } | null;
        /** @description Stored prompt template. */
        PromptReference: {
            id: string;
            /** @description Maps names to a string, an input-text part, an input-image part or an input-file part. */
            variables?: {
                [key: string]: string | components["schemas"]["ContentPart"];
            } | null;
        } | null;
        /**
         * @description Explicit prompt caching: explicit mode disables provider-managed breakpoints,
         *     so only blocks marked with `prompt_cache_breakpoint` are cached. Supported only by certain
         *     newer upstream models.
         */
        PromptCacheOptions: {
            /** @enum {string} */
            mode: "explicit";
            ttl?: string | null;
        } | null;
        /** @description Reasoning configuration; its fields are not shown. */
        ReasoningConfig: {
            [key: string]: unknown;
        };
        /** @description Text output configuration; its fields are not shown. */
        TextConfig: {
            [key: string]: unknown;
        };
        /**
         * @description Tool choice setting, an enum value or an object (the result carries a string or
         *     an object). Allowed values and object fields are not shown.
         */
        ToolChoice: string | {
            [key: string]: unknown;
        };
        /** @description Trace configuration; its fields are not shown. */
        TraceConfig: {
            [key: string]: unknown;
        };
        /** @description Stop condition for server-side tools; its fields are not shown. */
        StopServerToolsWhen: {
            [key: string]: unknown;
        };
        /** @description A plain string or an array of input items. */
        ResponseInput: string | components["schemas"]["InputItem"][];
        /**
         * @description One input item. Only the easy input message, the output message and the
         *     output reasoning item are shown in detail; every other kind is accepted as a
         *     `GenericInputItem` identified by its `type`. The branches overlap, hence `anyOf`.
         */
        InputItem: components["schemas"]["EasyInputMessage"] | components["schemas"]["OutputMessageInputItem"] | components["schemas"]["OutputReasoningItem"] | components["schemas"]["GenericInputItem"];
        /** @description A message with `role` and `content` as a string or an array of content parts. */
        EasyInputMessage: {
            /** @constant */
            type?: "message";
            /**
             * @description The author's role; the allowed values are not shown.
             * @example user
             * @example system
             * @example developer
             * @example assistant
             */
            role: string;
            content: string | components["schemas"]["ContentPart"][];
        };
        /**
         * @description An earlier output message sent back as input: `content` is an array of
         *     output-text or refusal parts, a string, or null.
         */
        OutputMessageInputItem: {
            /** @constant */
            type: "message";
            id?: string;
            /** @constant */
            role: "assistant";
            status?: string;
            content?: components["schemas"]["OutputContentPart"][] | string | null;
        };
        /**
         * @description Any input item kind whose fields are not shown, identified by its
         *     `type`: reasoning item, input message item, function call and function call output items,
         *     apply-patch call and output items, output function call and output custom tool call items,
         *     output items for web search, file search, image generation, code interpreter and computer
         *     calls, output items for server tools (datetime, web search, code interpreter, file search,
         *     image generation, browser use, bash, text editor, apply patch, web fetch, tool search,
         *     memory, MCP, search models, fusion, advisor, subagent, files), local shell call and output,
         *     shell call and output, MCP list-tools, approval request, approval response and call items,
         *     custom tool call and output items, compaction and context compaction items, item
         *     reference, additional tools and agent message items.
         */
        GenericInputItem: {
            /**
             * @example function_call
             * @example function_call_output
             * @example item_reference
             */
            type: string;
        } & {
            [key: string]: unknown;
        };
        /**
         * @description A content part identified by its `type` (prompt variables, message
         *     content): for example `input_text`, `input_image`, `input_file`, and in streams
         *     `output_text`, `refusal` or `reasoning_text`. Fields other than those of output-text and
         *     refusal parts are not shown, so they are listed but not enforced.
         */
        ContentPart: {
            /**
             * @example input_text
             * @example input_image
             * @example input_file
             */
            type: string;
            text?: string;
            image_url?: string | null;
            detail?: string;
            file_id?: string | null;
            file_data?: string;
            filename?: string;
            cache_control?: components["schemas"]["CacheControl"];
        } & {
            [key: string]: unknown;
        };
        /** @description A plugin object; its `id` selects the kind. */
        Plugin: components["schemas"]["AutoRouterPlugin"] | components["schemas"]["AutoBetaRouterPlugin"] | components["schemas"]["ContextCompressionPlugin"] | components["schemas"]["FileParserPlugin"] | components["schemas"]["FusionPlugin"] | components["schemas"]["ModerationPlugin"] | components["schemas"]["ParetoRouterPlugin"] | components["schemas"]["ResponseHealingPlugin"] | components["schemas"]["WebPlugin"] | components["schemas"]["WebFetchPlugin"];
        /** @description Automatic model routing. */
        AutoRouterPlugin: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            id: "auto-router";
            /**
             * @description False disables the plugin for the request.
             * @default true
             */
            enabled?: boolean;
            /** @description Model patterns; wildcards such as `<author>/*` allowed. Default is the default supported list. */
            allowed_models?: string[];
            /**
             * @description 0 is pure quality, 10 is cheapest.
             * @default 7
             */
            cost_quality_tradeoff?: number;
        };
        /** @description Beta automatic model routing. */
        AutoBetaRouterPlugin: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            id: "auto-beta-router";
            /**
             * @description False disables the plugin for the request.
             * @default true
             */
            enabled?: boolean;
            /** @description Model patterns; wildcards such as `<author>/*` allowed. */
            allowed_models?: string[];
            /**
             * @description Higher favors cheaper models.
             * @default 7
             */
            cost_quality_tradeoff?: number;
        };
        /** @description Context compression. */
        ContextCompressionPlugin: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            id: "context-compression";
            /**
             * @description False disables the plugin for the request.
             * @default true
             */
            enabled?: boolean;
            engine?: string;
        };
        /** @description File parsing. */
        FileParserPlugin: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            id: "file-parser";
            /**
             * @description False disables the plugin for the request.
             * @default true
             */
            enabled?: boolean;
            /** @description PDF parsing options. */
            pdf?: {
                engine?: string;
            };
        };
        /**
         * @description Fusion: an expert panel of models answers in parallel and a judge model synthesises the
         *     result. Without `analysis_models` and `model` a built-in quality preset panel
         *     is used; explicit `analysis_models` and `model` take precedence over `preset`.
         */
        FusionPlugin: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            id: "fusion";
            /**
             * @description False disables the plugin for the request.
             * @default true
             */
            enabled?: boolean;
            /** @description The expert panel, 1 to 8 model slugs. */
            analysis_models?: string[];
            /** @description Slug of the judge and synthesis model. */
            model?: string;
            /**
             * @description Per panelist and for the judge, 1 to 16.
             * @default 8
             */
            max_tool_calls?: number;
            /** @enum {string} */
            preset?: "general-high" | "general-budget" | "general-fast";
            /**
             * @description At most 8 tools. Omitted means a web-search and a web-fetch server
             *     tool; an empty array disables tools.
             */
            tools?: components["schemas"]["FusionTool"][];
        };
        /** @description A tool of the fusion plugin. */
        FusionTool: {
            type: string;
            /** @description Values are scalars, arrays or objects. */
            parameters?: {
                [key: string]: string | number | boolean | unknown[] | Record<string, never>;
            };
        };
        /** @description Moderation; no other fields. */
        ModerationPlugin: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            id: "moderation";
            /**
             * @description False disables the plugin for the request.
             * @default true
             */
            enabled?: boolean;
        };
        /** @description Pareto routing between quality tiers. */
        ParetoRouterPlugin: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            id: "pareto-router";
            /**
             * @description False disables the plugin for the request.
             * @default true
             */
            enabled?: boolean;
            /**
             * @description 0 to 1: at or above 0.66 selects the high tier, at or above 0.33 the
             *     medium tier, below 0.33 the low tier; omitted means the highest tier.
             */
            min_coding_score?: number;
            /**
             * @default prompt
             * @enum {string}
             */
            price_source?: "prompt" | "weighted_avg";
        };
        /** @description Response healing; no other fields. */
        ResponseHealingPlugin: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            id: "response-healing";
            /**
             * @description False disables the plugin for the request.
             * @default true
             */
            enabled?: boolean;
        };
        /** @description Web search. */
        WebPlugin: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            id: "web";
            /**
             * @description False disables the plugin for the request.
             * @default true
             */
            enabled?: boolean;
            engine?: string;
            /** @description Wildcards and path filters allowed. */
            exclude_domains?: string[];
            /** @description Same syntax as `exclude_domains`. */
            include_domains?: string[];
            max_results?: number;
            /** @description Passed to native providers that support it. */
            max_uses?: number;
            search_prompt?: string;
            user_location?: components["schemas"]["WebUserLocation"];
        };
        /** @description Approximate user location for web search. */
        WebUserLocation: {
            /**
             * @description Location kind; its allowed values are not shown.
             * @example approximate
             */
            type: string;
            city?: string;
            country?: string;
            region?: string;
            timezone?: string;
        };
        /** @description Web fetch. */
        WebFetchPlugin: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            id: "web-fetch";
            /**
             * @description False disables the plugin for the request.
             * @default true
             */
            enabled?: boolean;
            allowed_domains?: string[];
            blocked_domains?: string[];
            /** @description Longer content is truncated. */
            max_content_tokens?: number;
            /** @description Once exceeded the tool returns an error. */
            max_uses?: number;
        };
        /** @description Provider preferences; no other properties are accepted. */
        ProviderPreferences: {
            /**
             * @description When false, only the primary or listed providers are used and the upstream error is returned if unavailable.
             * @default true
             */
            allow_fallbacks?: boolean | null;
            /**
             * @description With `deny`, only providers that do not collect user data are used; if none qualifies the request fails.
             * @default allow
             * @enum {string|null}
             */
            data_collection?: "deny" | "allow" | null;
            /** @description When true, only models whose author allows text distillation are used. */
            enforce_distillable_text?: boolean | null;
            /** @description Provider slugs to skip, merged with account-wide ignored providers. */
            ignore?: string[] | null;
            max_price?: components["schemas"]["ProviderMaxPrice"];
            /** @description Provider slugs to allow, merged with account-wide allowed providers. */
            only?: string[] | null;
            /** @description Ordered provider slugs; the first that supports the model is tried, then the next. */
            order?: string[] | null;
            /** @description Shape not shown. */
            preferred_max_latency?: {
                [key: string]: unknown;
            };
            /** @description Shape not shown. */
            preferred_min_throughput?: {
                [key: string]: unknown;
            };
            /** @description Quantization levels; the allowed values are not shown. */
            quantizations?: string[];
        };
        /** @description Maximum prices in USD, as strings. */
        ProviderMaxPrice: {
            /** @description Per audio unit. */
            audio?: components["schemas"]["UsdAmount"];
            /** @description Per million completion tokens. */
            completion?: components["schemas"]["UsdAmount"];
            /** @description Per image. */
            image?: components["schemas"]["UsdAmount"];
            /** @description Per million prompt tokens. */
            prompt?: components["schemas"]["UsdAmount"];
            /** @description Per request. */
            request?: components["schemas"]["UsdAmount"];
        };
        /**
         * @description A non-negative decimal number of USD, written as a string.
         * @example 5
         * @example 0.25
         */
        UsdAmount: string;
        /**
         * @description A tool definition. Only the function tool is shown in detail; every other
         *     kind is a `GenericTool` identified by its `type`. The branches overlap, hence `anyOf`.
         */
        Tool: components["schemas"]["FunctionTool"] | components["schemas"]["GenericTool"];
        /** @description A function tool. */
        FunctionTool: {
            /** @constant */
            type: "function";
            name: string;
            /**
             * @description What the function does. The contract shows a string; null is accepted as absent (not shown by the
             *     contract), as OpenAI's FunctionTool allows it and the clients built on it send it.
             */
            description?: string | null;
            /**
             * @description JSON Schema object describing the arguments. Null is accepted as absent (not shown by the contract),
             *     as OpenAI's FunctionTool allows it.
             */
            parameters?: {
                [key: string]: unknown;
            } | null;
        };
        /**
         * @description A tool kind whose fields are not shown, identified by its `type`:
         *     web-search server tool variants, file search, computer use, code interpreter, MCP, image
         *     generation, local shell, shell, apply patch, custom tool, namespace tool, advisor, subagent,
         *     datetime, files, fusion, image generation (service variant), search models, web fetch, web
         *     search (service variant), apply patch (service variant), bash, shell (service variant).
         *     The function tool is shown, so it must match `FunctionTool` and is excluded here.
         */
        GenericTool: {
            /**
             * @example web_search
             * @example file_search
             * @example mcp
             */
            type: string;
        } & {
            [key: string]: unknown;
        };
        /**
         * @description Success body of POST /responses when not streaming, and the response `response.completed`
         *     and `response.incomplete` end a stream with. Required members follow the public gateway
         *     (x-not-shown: the contract marks none required). A response with status `incomplete`
         *     says why in `incomplete_details.reason` (e.g. `max_output_tokens`); it is the whole result
         *     all the same (its output so far, `usage`, the request's `metadata`).
         */
        ResponseResult: {
            /** @example gen-1700000000-abcdefghij0123456789 */
            id: string;
            /** @constant */
            object: "response";
            /** @description Unix seconds. */
            created_at: number;
            /** @description Unix seconds. */
            completed_at: number;
            /**
             * @description The response status. `completed` is shown; other values and the
             *     transitions are not shown, so no enum. The public gateway uses `completed`, `incomplete`, `in_progress`,
             *     `failed`, `cancelled` and `queued`.
             * @example completed
             * @example incomplete
             * @example in_progress
             * @example failed
             * @example cancelled
             * @example queued
             */
            status: string;
            /** @description Error details when the response failed; shape not shown. */
            error: {
                [key: string]: unknown;
            } | null;
            /** @description API error type; allowed values are not shown. */
            error_type?: string;
            /** @description Why the response is incomplete. */
            incomplete_details: ({
                /** @example max_output_tokens */
                reason?: string;
            } & {
                [key: string]: unknown;
            }) | null;
            instructions: string | null;
            max_output_tokens?: number | null;
            /** @description The request's metadata; `{}` when none was sent. */
            metadata: {
                [key: string]: string;
            } | null;
            model: string;
            output: components["schemas"]["OutputItem"][];
            parallel_tool_calls: boolean;
            frequency_penalty: number | null;
            presence_penalty: number | null;
            temperature: number | null;
            top_p: number | null;
            tool_choice: components["schemas"]["ToolChoice"];
            tools: components["schemas"]["Tool"][];
            service_tier?: string | null;
            text?: components["schemas"]["TextConfig"];
            usage?: components["schemas"]["ResponseUsage"];
            service_metadata?: components["schemas"]["ServiceMetadata"];
        };
        /** @description Token usage; `total_tokens` is input plus output. */
        ResponseUsage: {
            input_tokens: number;
            input_tokens_details: {
                cached_tokens: number;
                /**
                 * @description Input tokens written to the prompt cache. Not shown by the contract (it
                 *     lists `cached_tokens` only), so optional; OpenAI's `ResponseUsage` requires it and
                 *     OpenRouter's SDK reads it.
                 */
                cache_write_tokens?: number;
            };
            output_tokens: number;
            output_tokens_details: {
                reasoning_tokens: number;
            };
            total_tokens: number;
        };
        /**
         * @description One output item. Message and reasoning items are shown and checked; a
         *     function call follows the public gateway; any other kind is a `GenericOutputItem`.
         */
        OutputItem: components["schemas"]["OutputMessage"] | components["schemas"]["OutputReasoningItem"] | components["schemas"]["OutputFunctionCallItem"] | components["schemas"]["GenericOutputItem"];
        /** @description Message output item. */
        OutputMessage: {
            /** @constant */
            type: "message";
            /** @example msg_abcdefghij0123456789 */
            id: string;
            /** @constant */
            role: "assistant";
            /**
             * @description `completed` is shown; other values are not shown, so no enum.
             * @example completed
             * @example in_progress
             * @example incomplete
             */
            status: string;
            content: components["schemas"]["OutputContentPart"][];
        };
        /** @description An output-text part or a refusal part. */
        OutputContentPart: components["schemas"]["OutputTextPart"] | components["schemas"]["RefusalPart"];
        /** @description An output-text part. */
        OutputTextPart: {
            /** @constant */
            type: "output_text";
            text: string;
            /** @description Annotations; their shape is not shown. */
            annotations: {
                [key: string]: unknown;
            }[];
            /** @description Token log probabilities; not in the contract's part table. */
            logprobs?: {
                [key: string]: unknown;
            }[];
        };
        /** @description A refusal part. */
        RefusalPart: {
            /** @constant */
            type: "refusal";
            refusal: string;
        };
        /**
         * @description Reasoning item of the output: `summary` is an array of
         *     summary-text parts or null; it also carries `content`, `format`, `id`, `signature`, `status`
         *     and `type`. Types of the members other than `summary` are not shown and kept permissive.
         */
        OutputReasoningItem: {
            /** @constant */
            type: "reasoning";
            /** @example rs_abcdefghij0123456789 */
            id?: string;
            summary: components["schemas"]["ReasoningSummaryText"][] | null;
            /** @description Reasoning content; shape not shown. */
            content?: unknown;
            encrypted_content?: string | null;
            format?: string | null;
            signature?: string | null;
            status?: string | null;
        };
        /** @description A summary-text part of a reasoning item. */
        ReasoningSummaryText: {
            /** @constant */
            type: "summary_text";
            text: string;
        };
        /**
         * @description Function call output item. Its fields are not shown in the contract; this shape is the
         *     public gateway's: `arguments` is a JSON string.
         */
        OutputFunctionCallItem: {
            /** @constant */
            type: "function_call";
            id?: string;
            call_id: string;
            name: string;
            /** @description The arguments as a JSON string. */
            arguments: string;
            status?: string;
        };
        /**
         * @description Any output item kind whose fields are not shown, identified by its `type`.
         *     Message and reasoning items are shown, so they must match `OutputMessage` or
         *     `OutputReasoningItem` and are excluded here.
         */
        GenericOutputItem: {
            type: string;
        } & {
            [key: string]: unknown;
        };
        /**
         * @description Routing metadata, present when the request carried `X-Service-Metadata: enabled`. On a guardrail
         *     block every member listed here is included.
         */
        ServiceMetadata: {
            attempt?: number;
            endpoints?: components["schemas"]["ServiceEndpoints"];
            is_byok?: boolean;
            region?: string;
            requested?: string;
            strategy?: string;
            summary?: string;
            pipeline?: components["schemas"]["PipelineStage"][];
        };
        /** @description The endpoints that could serve the request. */
        ServiceEndpoints: {
            available?: components["schemas"]["ServiceEndpoint"][];
            total?: number;
        };
        /** @description One endpoint (model and provider) and whether it was selected. */
        ServiceEndpoint: {
            model?: string;
            provider?: string;
            selected?: boolean;
        };
        /** @description A pipeline stage; `type` is `guardrail` for guardrail stages. */
        PipelineStage: {
            /** @example guardrail */
            type: string;
            name?: string;
            summary?: string;
            guardrail_id?: string;
            guardrail_scope?: string;
            data?: components["schemas"]["PipelineStageData"];
        };
        /**
         * @description A guardrail stage with every member the contract gives it: `type` `guardrail`, `name`,
         *     `summary`, `guardrail_id`, `guardrail_scope` and `data` (`action`, `detected`, `engines`,
         *     `patterns`). A guardrail block with routing metadata carries one.
         */
        GuardrailPipelineStage: {
            /** @constant */
            type: "guardrail";
            data: WithRequired<components["schemas"]["PipelineStageData"], "action" | "detected" | "engines" | "patterns">;
        } & WithRequired<components["schemas"]["PipelineStage"], "type" | "name" | "summary" | "guardrail_id" | "guardrail_scope" | "data">;
        /** @description What a guardrail stage found. */
        PipelineStageData: {
            /** @example block */
            action?: string;
            detected?: boolean;
            engines?: string[];
            patterns?: string[];
        };
        /** @description Every error body. */
        ErrorEnvelope: {
            error: components["schemas"]["ErrorObject"];
            /** @description Optional routing context. */
            service_metadata?: {
                [key: string]: unknown;
            } | null;
            user_id?: string | null;
        };
        /** @description The `error` member of the envelope. */
        ErrorObject: {
            /** @description Equal to the HTTP status. */
            code: number;
            message: string;
            /** @description Shape not shown except for the guardrail block. */
            metadata?: {
                [key: string]: unknown;
            } | null;
        };
        /**
         * @description 403 body when a guardrail blocked the request: `error.metadata.patterns`
         *     names the matched patterns; `service_metadata` is included, with all its members, when the
         *     request carried `X-Service-Metadata: enabled`.
         */
        GuardrailBlockError: {
            error: {
                /** @constant */
                code: 403;
                message: string;
                metadata: {
                    patterns: string[];
                };
            };
            /**
             * @description With every member listed in ServiceMetadata when included, down to the members of
             *     `endpoints` and of each available endpoint, and a guardrail stage with all its members
             *     (GuardrailPipelineStage) in `pipeline`; null is allowed.
             */
            service_metadata?: ({
                endpoints: {
                    available: unknown;
                } & WithRequired<components["schemas"]["ServiceEndpoints"], "available" | "total">;
                pipeline: unknown;
            } & WithRequired<components["schemas"]["ServiceMetadata"], "attempt" | "endpoints" | "is_byok" | "region" | "requested" | "strategy" | "summary" | "pipeline">) | null;
            user_id?: string | null;
        };
        /** @description Body of the guardrail key unassignment. */
        UnassignKeysRequest: {
            /** @description Hashes of the API keys to unassign; at least 1 item, each at least 1 character. */
            key_hashes: string[];
        };
        /** @description The unassignment result. */
        UnassignKeysResult: {
            /**
             * @description Number of keys actually unassigned; unknown hashes, keys not assigned and repeats
             *     count 0.
             */
            unassigned_count: number;
        };
        /** @description A model of the catalog. */
        Model: {
            /** @example openai/gpt-4o */
            id: string;
            canonical_slug: string;
            name: string;
            description: string;
            /** @description Unix seconds. */
            created: number;
            context_length: number;
            architecture: components["schemas"]["ModelArchitecture"];
            pricing: components["schemas"]["ModelPricing"];
            top_provider: components["schemas"]["ModelTopProvider"];
            supported_parameters: string[];
            links: components["schemas"]["ModelLinks"];
            reasoning?: components["schemas"]["ModelReasoning"];
            /** @description Only null is shown; the non-null shape is not shown. */
            default_parameters?: unknown;
            /** @description Only null is shown; the non-null shape is not shown. */
            per_request_limits?: unknown;
            /** @description Only null is shown; the non-null shape is not shown. */
            supported_voices?: unknown;
            /** @description Only null is shown; the non-null shape is not shown. */
            knowledge_cutoff?: unknown;
            /** @description Only null is shown; the non-null shape is not shown. */
            expiration_date?: unknown;
        };
        /** @description Input and output modalities. */
        ModelArchitecture: {
            input_modalities: string[];
            /** @description Embeddings models list `embeddings`. */
            output_modalities: string[];
            /**
             * @description Of the form `input->output`, e.g. `text+image->text`.
             * @example text->text
             * @example text->embeddings
             * @example text+image->text
             */
            modality: string;
            instruct_type?: string | null;
            tokenizer: string;
        };
        /** @description Prices in USD per unit, decimal numbers written as strings. */
        ModelPricing: {
            prompt: components["schemas"]["DecimalString"];
            completion: components["schemas"]["DecimalString"];
            image?: components["schemas"]["DecimalString"];
            request?: components["schemas"]["DecimalString"];
        };
        /**
         * @description A decimal number written as a string.
         * @example 0.0000025
         */
        DecimalString: string;
        /** @description The top provider's limits. */
        ModelTopProvider: {
            context_length?: number;
            is_moderated: boolean;
            max_completion_tokens?: number | null;
        };
        /** @description Related links. */
        ModelLinks: {
            /**
             * @description Path of the model's endpoints listing. Its form is not shown in the contract (x-not-shown);
             *     the public gateway's, which the mock serves, is the path of the server address, then
             *     `/models/<model id>/endpoints`.
             * @example /api/v1/models/openai/gpt-4o/endpoints
             */
            details: string;
        };
        /** @description Reasoning defaults, present for some models. */
        ModelReasoning: {
            default_effort?: string;
            default_enabled?: boolean;
            mandatory?: boolean;
            supported_efforts?: string[];
        };
        /** @description Body of GET /model/{author}/{slug}. */
        GetModelResponse: {
            data: components["schemas"]["Model"];
        };
        /**
         * @description Body of GET /embeddings/models: `data`, a pagination links object and a
         *     total count. The contract does not show the member names of the last two; `links` and
         *     `total_count` are the documented names (public gateway) and are not required.
         */
        EmbeddingsModelList: {
            data: components["schemas"]["Model"][];
            links?: components["schemas"]["PaginationLinks"];
            /** @description Total number of models matching the query. Member name not shown. */
            total_count?: number;
        };
        /** @description Pagination links. Member names not shown; `next` is the documented one. */
        PaginationLinks: {
            /** @description The next page, or null on the last page (and for the full list). */
            next?: string | null;
        } & {
            [key: string]: unknown;
        };
        /**
         * @description One event of the POST /responses event stream as an SSE parser reads it (the per-event
         *     schema of `text/event-stream`, as OpenAPI 3.2's `itemSchema` gives it; Schemathesis and
         *     other SSE-aware tools read a 3.1 document's `schema` the same way): the fields `data`,
         *     `event`, `id` and `retry`, comment lines dropped. `data` is either the sentinel `[DONE]`,
         *     which ends the stream, or JSON (`contentMediaType: application/json`) that is one
         *     `ResponseStreamEvent` (`contentSchema`). Validate the decoded `data` against
         *     `ResponseStreamEvent`; the order and pairing of events are rules of ResponseStreamEvent.
         */
        ResponseStreamSseEvent: {
            /** @description The event's payload, its `data:` lines joined with line feeds. */
            data: string;
            /** @description The event type, when the gateway sends an `event:` line (optional; equal to the JSON's `type`). */
            event?: string;
            id?: string;
            retry?: number;
        } & ({
            /** @constant */
            data?: "[DONE]";
        } | {
            data?: unknown;
        });
        /**
         * @description The JSON of one Server-Sent Event of POST /responses with `stream: true` (the `data` of
         *     ResponseStreamSseEvent, its `contentSchema`).
         *     Framing: each event is a `data: <json>` line holding one of these objects, events are
         *     separated by a blank line, SSE comment lines (starting with `:`, e.g. `: keep-alive`) may
         *     appear and must be tolerated, and the stream ends with the line `data: [DONE]`. An event
         *     may also carry an `event: <type>` line naming its `type`, as OpenAI's Responses streams do
         *     (not shown by the contract, so optional); clients read the `data`.
         *     Every event has `type` and `sequence_number` (numbered from 0, increasing by 1).
         *     `response.output_text.delta` is shown by the contract; the names and payloads of the
         *     others are not shown (x-not-shown) and follow the public gateway, kept permissive. Event
         *     types not listed are accepted as `UnknownStreamEvent`.
         */
        ResponseStreamEvent: components["schemas"]["ResponseCreatedEvent"] | components["schemas"]["ResponseInProgressEvent"] | components["schemas"]["ResponseOutputItemAddedEvent"] | components["schemas"]["ResponseOutputItemDoneEvent"] | components["schemas"]["ResponseContentPartAddedEvent"] | components["schemas"]["ResponseContentPartDoneEvent"] | components["schemas"]["ResponseOutputTextDeltaEvent"] | components["schemas"]["ResponseOutputTextDoneEvent"] | components["schemas"]["ResponseOutputTextAnnotationAddedEvent"] | components["schemas"]["ResponseRefusalDeltaEvent"] | components["schemas"]["ResponseRefusalDoneEvent"] | components["schemas"]["ResponseFunctionCallArgumentsDeltaEvent"] | components["schemas"]["ResponseFunctionCallArgumentsDoneEvent"] | components["schemas"]["ResponseReasoningTextDeltaEvent"] | components["schemas"]["ResponseReasoningTextDoneEvent"] | components["schemas"]["ResponseReasoningSummaryPartAddedEvent"] | components["schemas"]["ResponseReasoningSummaryPartDoneEvent"] | components["schemas"]["ResponseReasoningSummaryTextDeltaEvent"] | components["schemas"]["ResponseReasoningSummaryTextDoneEvent"] | components["schemas"]["ResponseCompletedEvent"] | components["schemas"]["ResponseIncompleteEvent"] | components["schemas"]["ResponseFailedEvent"] | components["schemas"]["ResponseErrorEvent"] | components["schemas"]["ResponseDebugEvent"] | components["schemas"]["UnknownStreamEvent"];
        /** @description Ordering of events in the stream; numbered from 0, increasing by 1. */
        SequenceNumber: number;
        /**
         * @description The response object carried by `response.created` and `response.in_progress` (the shape of
         *     the result, with in-progress values: `output` may be empty, `completed_at` absent or null),
         *     kept permissive. The terminal events carry more: `response.completed` and
         *     `response.incomplete` the whole result (ResponseResult), `response.failed` the response as
         *     far as it came (ResponseFailedSnapshot).
         */
        ResponseSnapshot: {
            id: string;
            /** @constant */
            object: "response";
            created_at?: number;
            completed_at?: number | null;
            /**
             * @example in_progress
             * @example incomplete
             * @example failed
             */
            status: string;
            model?: string;
            output?: components["schemas"]["OutputItem"][];
            error?: {
                [key: string]: unknown;
            } | null;
            incomplete_details?: {
                [key: string]: unknown;
            } | null;
            usage?: components["schemas"]["ResponseUsage"];
            service_metadata?: components["schemas"]["ServiceMetadata"];
        } & {
            [key: string]: unknown;
        };
        /**
         * @description The response `response.failed` ends a stream with (after an `error` event): the response as
         *     far as it came, with status `failed`, its `created_at` and `model`, and the `error` that ended
         *     it (an object with a `message`). The answer was cut short, so what a finished result carries
         *     may be absent: `output` (what was produced, or nothing), `usage`, `completed_at`, `metadata`,
         *     `service_metadata`. A member it does carry means what it means on the result (ResponseResult).
         */
        ResponseFailedSnapshot: {
            id: string;
            /** @constant */
            object: "response";
            /** @description Unix seconds. */
            created_at: number;
            /** @description Unix seconds. */
            completed_at?: number | null;
            /** @constant */
            status: "failed";
            model: string;
            output?: components["schemas"]["OutputItem"][];
            error: {
                message: string;
            } & {
                [key: string]: unknown;
            };
            incomplete_details?: {
                [key: string]: unknown;
            } | null;
            /** @description The request's metadata, when it is given. */
            metadata?: {
                [key: string]: string;
            } | null;
            usage?: components["schemas"]["ResponseUsage"];
            service_metadata?: components["schemas"]["ServiceMetadata"];
        } & {
            [key: string]: unknown;
        };
        /** @description The part of a content-part event (output text, refusal, or another kind by `type`). */
        StreamContentPart: components["schemas"]["OutputContentPart"] | components["schemas"]["ContentPart"];
        /** @description A text fragment of an output-text part; every member is required. */
        ResponseOutputTextDeltaEvent: {
            /** @constant */
            type: "response.output_text.delta";
            content_index: number;
            /** @description The text fragment. */
            delta: string;
            item_id: string;
            logprobs: {
                [key: string]: unknown;
            }[];
            output_index: number;
            sequence_number: components["schemas"]["SequenceNumber"];
        };
        /** @description First event of a stream; the response with status `in_progress` and empty output (not shown by the contract). */
        ResponseCreatedEvent: {
            /** @constant */
            type: "response.created";
            sequence_number: components["schemas"]["SequenceNumber"];
            response: components["schemas"]["ResponseSnapshot"];
        };
        /** @description The response is in progress (not shown by the contract). */
        ResponseInProgressEvent: {
            /** @constant */
            type: "response.in_progress";
            sequence_number: components["schemas"]["SequenceNumber"];
            response: components["schemas"]["ResponseSnapshot"];
        };
        /** @description An output item starts, with status `in_progress` (not shown by the contract). */
        ResponseOutputItemAddedEvent: {
            /** @constant */
            type: "response.output_item.added";
            sequence_number: components["schemas"]["SequenceNumber"];
            output_index: number;
            item: components["schemas"]["OutputItem"];
        };
        /** @description An output item is complete (not shown by the contract). */
        ResponseOutputItemDoneEvent: {
            /** @constant */
            type: "response.output_item.done";
            sequence_number: components["schemas"]["SequenceNumber"];
            output_index: number;
            item: components["schemas"]["OutputItem"];
        };
        /** @description A content part starts, with empty text (not shown by the contract). */
        ResponseContentPartAddedEvent: {
            /** @constant */
            type: "response.content_part.added";
            sequence_number: components["schemas"]["SequenceNumber"];
            item_id?: string;
            output_index?: number;
            content_index?: number;
            part: components["schemas"]["StreamContentPart"];
        };
        /** @description A content part is complete (not shown by the contract). */
        ResponseContentPartDoneEvent: {
            /** @constant */
            type: "response.content_part.done";
            sequence_number: components["schemas"]["SequenceNumber"];
            item_id?: string;
            output_index?: number;
            content_index?: number;
            part: components["schemas"]["StreamContentPart"];
        };
        /** @description An output-text part is complete; `text` is all its deltas joined (not shown by the contract). */
        ResponseOutputTextDoneEvent: {
            /** @constant */
            type: "response.output_text.done";
            sequence_number: components["schemas"]["SequenceNumber"];
            item_id?: string;
            output_index?: number;
            content_index?: number;
            text: string;
            logprobs?: {
                [key: string]: unknown;
            }[];
        };
        /** @description An annotation was added to an output-text part (not shown by the contract). */
        ResponseOutputTextAnnotationAddedEvent: {
            /** @constant */
            type: "response.output_text.annotation.added";
            sequence_number: components["schemas"]["SequenceNumber"];
            item_id?: string;
            output_index?: number;
            content_index?: number;
            annotation_index?: number;
            annotation?: {
                [key: string]: unknown;
            };
        };
        /** @description A fragment of a refusal part (not shown by the contract). */
        ResponseRefusalDeltaEvent: {
            /** @constant */
            type: "response.refusal.delta";
            sequence_number: components["schemas"]["SequenceNumber"];
            item_id?: string;
            output_index?: number;
            content_index?: number;
            delta?: string;
        };
        /** @description A refusal part is complete (not shown by the contract). */
        ResponseRefusalDoneEvent: {
            /** @constant */
            type: "response.refusal.done";
            sequence_number: components["schemas"]["SequenceNumber"];
            item_id?: string;
            output_index?: number;
            content_index?: number;
            refusal?: string;
        };
        /** @description A fragment of a function call's arguments (not shown by the contract). */
        ResponseFunctionCallArgumentsDeltaEvent: {
            /** @constant */
            type: "response.function_call_arguments.delta";
            sequence_number: components["schemas"]["SequenceNumber"];
            item_id?: string;
            output_index?: number;
            delta?: string;
        };
        /** @description A function call's arguments are complete; carries `name` and `arguments` (not shown by the contract). */
        ResponseFunctionCallArgumentsDoneEvent: {
            /** @constant */
            type: "response.function_call_arguments.done";
            sequence_number: components["schemas"]["SequenceNumber"];
            item_id?: string;
            output_index?: number;
            name: string;
            /** @description The complete arguments as a JSON string. */
            arguments: string;
        };
        /** @description A fragment of reasoning text (not shown by the contract). */
        ResponseReasoningTextDeltaEvent: {
            /** @constant */
            type: "response.reasoning_text.delta";
            sequence_number: components["schemas"]["SequenceNumber"];
            item_id?: string;
            output_index?: number;
            content_index?: number;
            delta?: string;
        };
        /** @description Reasoning text is complete (not shown by the contract). */
        ResponseReasoningTextDoneEvent: {
            /** @constant */
            type: "response.reasoning_text.done";
            sequence_number: components["schemas"]["SequenceNumber"];
            item_id?: string;
            output_index?: number;
            content_index?: number;
            text?: string;
        };
        /** @description A reasoning summary part starts (not shown by the contract). */
        ResponseReasoningSummaryPartAddedEvent: {
            /** @constant */
            type: "response.reasoning_summary_part.added";
            sequence_number: components["schemas"]["SequenceNumber"];
            item_id?: string;
            output_index?: number;
            summary_index?: number;
            part?: components["schemas"]["ReasoningSummaryText"];
        };
        /** @description A reasoning summary part is complete (not shown by the contract). */
        ResponseReasoningSummaryPartDoneEvent: {
            /** @constant */
            type: "response.reasoning_summary_part.done";
            sequence_number: components["schemas"]["SequenceNumber"];
            item_id?: string;
            output_index?: number;
            summary_index?: number;
            part?: components["schemas"]["ReasoningSummaryText"];
        };
        /** @description A fragment of reasoning summary text (not shown by the contract). */
        ResponseReasoningSummaryTextDeltaEvent: {
            /** @constant */
            type: "response.reasoning_summary_text.delta";
            sequence_number: components["schemas"]["SequenceNumber"];
            item_id?: string;
            output_index?: number;
            summary_index?: number;
            delta?: string;
        };
        /** @description Reasoning summary text is complete (not shown by the contract). */
        ResponseReasoningSummaryTextDoneEvent: {
            /** @constant */
            type: "response.reasoning_summary_text.done";
            sequence_number: components["schemas"]["SequenceNumber"];
            item_id?: string;
            output_index?: number;
            summary_index?: number;
            text?: string;
        };
        /**
         * @description Terminal event: the full response (the shape of the result) with status `completed`; carries
         *     `service_metadata` when opted in (not shown by the contract).
         */
        ResponseCompletedEvent: {
            /** @constant */
            type: "response.completed";
            sequence_number: components["schemas"]["SequenceNumber"];
            response: components["schemas"]["ResponseResult"];
        };
        /**
         * @description Terminal event; the response ended incomplete (not shown by the contract): the whole result
         *     (ResponseResult), with status `incomplete` and the reason in `incomplete_details`.
         */
        ResponseIncompleteEvent: {
            /** @constant */
            type: "response.incomplete";
            sequence_number: components["schemas"]["SequenceNumber"];
            response: components["schemas"]["ResponseResult"];
        };
        /**
         * @description Terminal event; the response failed (not shown by the contract): the response as far as it
         *     came, with status `failed` and its `error` (ResponseFailedSnapshot).
         */
        ResponseFailedEvent: {
            /** @constant */
            type: "response.failed";
            sequence_number: components["schemas"]["SequenceNumber"];
            response: components["schemas"]["ResponseFailedSnapshot"];
        };
        /** @description An error during the stream, followed by `response.failed` (not shown by the contract). */
        ResponseErrorEvent: {
            /** @constant */
            type: "error";
            sequence_number: components["schemas"]["SequenceNumber"];
            code: string | null;
            message: string;
            param: string | null;
            /**
             * @description The same failure as an error object (`type`, `code`, `message`, `param`), as OpenRouter
             *     sends mid-stream errors ("an error field" on a data event). Not shown by the contract,
             *     so optional. Clients built on the `openai` SDK (LangChain among them) raise a stream
             *     error only for an event that carries it.
             */
            error?: {
                type?: string;
                code?: string | null;
                message?: string;
                param?: string | null;
            } & {
                [key: string]: unknown;
            };
        };
        /**
         * @description The debug chunk sent first when `debug.echo_upstream_body` is true; `debug` holds the
         *     transformed upstream request body (event name not shown).
         */
        ResponseDebugEvent: {
            /** @constant */
            type: "response.debug";
            sequence_number: components["schemas"]["SequenceNumber"];
            debug: {
                [key: string]: unknown;
            };
        };
        /**
         * @description Any other event type (other event names and payloads are not shown), e.g. web
         *     search, image generation or code interpreter call events. A gateway may send them; clients
         *     must tolerate them.
         */
        UnknownStreamEvent: {
            /** @example response.web_search_call.in_progress */
            type: string;
            sequence_number: components["schemas"]["SequenceNumber"];
        } & {
            [key: string]: unknown;
        };
    };
    responses: {
        /**
         * @description Invalid request parameters or malformed input: a body, parameter or header its schema does
         *     not accept, JSON that does not parse, a body too deeply nested, a query parameter given twice,
         *     and on every operation an HTTP request that cannot be parsed (a control character in a header
         *     value).
         *
         *     Rules between members that JSON Schema can state are keywords of the schema, each a titled
         *     `allOf` member of ResponseRequest (a model named; a function tool beside `tool_choice:
         *     "required"`), and their 400 says the title. POST /responses also answers 400 to a body its
         *     schema accepts, for these rules the schema cannot express: they depend on the catalog, or
         *     compare one member's value with another's (each is a named example below, marked
         *     `x-semantic-rule` with its operation):
         *     - `unknownModel`: `model`, or an entry of `models`, names no model of the catalog;
         *     - `embeddingsModel`: `model` or `models` names an embeddings model, which cannot create responses;
         *     - `allowedModelsUnmatched`: a routing plugin's `allowed_models` matches no chat model;
         *     - `fusionModelUnknown`: the fusion plugin's `analysis_models` or `model` names no chat model;
         *     - `toolChoiceNotInTools`: `tool_choice` names a function that is not among the function tools.
         */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description Authentication required or invalid credentials. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description Insufficient credits or quota. */
        PaymentRequired: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description Insufficient permissions, or a guardrail blocked the request. */
        ResponsesForbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["GuardrailBlockError"] | components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The key lacks permission; for the guardrail operation only management keys may perform it. */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The resource does not exist. */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The operation exceeded its time limit. */
        RequestTimeout: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The request payload exceeds size limits. */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /**
         * @description Semantic validation failure. The conditions are not shown; the mock answers 400 (BadRequest) to
         *     a `tool_choice` naming a function that is not among the tools, as the public gateway does.
         */
        UnprocessableEntity: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description Rate limit exceeded. */
        TooManyRequests: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["XRateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["XRateLimitRemaining"];
                "X-RateLimit-Reset": components["headers"]["XRateLimitReset"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description Unexpected server error. */
        InternalServerError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description Provider or upstream failure. */
        BadGateway: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description Service temporarily unavailable. */
        ServiceUnavailable: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description Provider request timed out at the edge network. */
        EdgeTimeout: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description Provider temporarily overloaded. */
        ProviderOverloaded: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
    };
    parameters: {
        /**
         * @description Opt-in for routing metadata. With `enabled` the result (and a guardrail
         *     block) carries `service_metadata`.
         */
        XServiceMetadata: "disabled" | "enabled";
        /**
         * @deprecated
         * @description Legacy name of `X-Service-Metadata`, still accepted for compatibility.
         */
        XServiceExperimentalMetadata: "disabled" | "enabled";
        /**
         * @description Sticky routing key, the header form of the body field `session_id`; when both are present the
         *     body value wins. At most 256 characters.
         */
        XSessionId: string;
        /** @description The guardrail's unique identifier, UUID-shaped. */
        GuardrailId: string;
        /** @description Author or organization of the model. */
        ModelAuthor: string;
        /**
         * @description The model slug. It may carry a variant suffix after a colon,
         *     `<slug>:<variant>` (clients may percent-encode the colon), and known aliases resolve.
         */
        ModelSlug: string;
        /** @description Number of records to skip, at least 0. Omitted means 0. */
        Offset: number;
        /**
         * @description Maximum number of records returned, 1 to 1000. When both `offset` and
         *     `limit` are omitted the full list is returned; when only `offset` is given the page size is
         *     the documented default 500 (x-not-shown: the contract shows no default).
         */
        Limit: number;
    };
    requestBodies: never;
    headers: {
        /**
         * @description Id of the generation, equal to the result's `id` (x-not-shown: not in the contract; the public
         *     gateway sends it).
         */
        XGenerationId: string;
        /**
         * @description Sent with `text/event-stream` answers (x-not-shown: not in the contract). `no-cache` keeps caches
         *     from storing a stream; `no-transform` keeps what sits between the gateway and the browser from
         *     rewriting it: compression middleware (Express's `compression`, which webpack-dev-server's
         *     `compress` and Next.js's `compress` use) leaves an answer marked `no-transform` alone, and
         *     otherwise gzips the stream and hands it to the browser only at its end.
         */
        EventStreamCacheControl: string;
        /**
         * @description Sent with `text/event-stream` answers (x-not-shown: not in the contract): `no` asks a reverse
         *     proxy that buffers answers (nginx and those that follow its header) to pass each event on as
         *     it comes.
         */
        XAccelBuffering: string;
        /** @description Request allowance of the current window (x-not-shown; the contract shows no rate limit values). */
        XRateLimitLimit: number;
        /** @description Requests left in the current window (x-not-shown; the contract shows no rate limit values). */
        XRateLimitRemaining: number;
        /** @description When the window resets, in Unix milliseconds (x-not-shown; the contract shows no rate limit values). */
        XRateLimitReset: number;
        /** @description Seconds to wait before retrying (x-not-shown; the contract shows no durations). */
        RetryAfter: number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    createResponse: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Opt-in for routing metadata. With `enabled` the result (and a guardrail
                 *     block) carries `service_metadata`.
                 */
                "X-Service-Metadata"?: components["parameters"]["XServiceMetadata"];
                /**
                 * @deprecated
                 * @description Legacy name of `X-Service-Metadata`, still accepted for compatibility.
                 */
                "X-Service-Experimental-Metadata"?: components["parameters"]["XServiceExperimentalMetadata"];
                /**
                 * @description Sticky routing key, the header form of the body field `session_id`; when both are present the
                 *     body value wins. At most 256 characters.
                 */
                "x-session-id"?: components["parameters"]["XSessionId"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description The response request, `application/json`. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResponseRequest"];
            };
        };
        responses: {
            /**
             * @description The response. `application/json` (the result) when `stream`
             *     is false or omitted; `text/event-stream` when `stream` is true.
             */
            200: {
                headers: {
                    "X-Generation-Id": components["headers"]["XGenerationId"];
                    "Cache-Control": components["headers"]["EventStreamCacheControl"];
                    "X-Accel-Buffering": components["headers"]["XAccelBuffering"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ResponseResult"];
                    "text/event-stream": components["schemas"]["ResponseStreamSseEvent"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["ResponsesForbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
            524: components["responses"]["EdgeTimeout"];
            529: components["responses"]["ProviderOverloaded"];
        };
    };
    unassignGuardrailKeys: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The guardrail's unique identifier, UUID-shaped. */
                id: components["parameters"]["GuardrailId"];
            };
            cookie?: never;
        };
        /** @description The hashes of the API keys to unassign. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["UnassignKeysRequest"];
            };
        };
        responses: {
            /** @description The number of keys actually unassigned. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnassignKeysResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listEmbeddingsModels: {
        parameters: {
            query?: {
                /** @description Number of records to skip, at least 0. Omitted means 0. */
                offset?: components["parameters"]["Offset"];
                /**
                 * @description Maximum number of records returned, 1 to 1000. When both `offset` and
                 *     `limit` are omitted the full list is returned; when only `offset` is given the page size is
                 *     the documented default 500 (x-not-shown: the contract shows no default).
                 */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of embeddings models. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmbeddingsModelList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            408: components["responses"]["RequestTimeout"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Author or organization of the model. */
                author: components["parameters"]["ModelAuthor"];
                /**
                 * @description The model slug. It may carry a variant suffix after a colon,
                 *     `<slug>:<variant>` (clients may percent-encode the colon), and known aliases resolve.
                 */
                slug: components["parameters"]["ModelSlug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The model. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetModelResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            500: components["responses"]["InternalServerError"];
        };
    };
}
type WithRequired<T, K extends keyof T> = T & {
    [P in K]-?: T[P];
};
