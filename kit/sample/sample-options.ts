/** How a sampled value is shaped. */
export interface SampleOptions {
  /**
   * `minimal`: required members only and arrays at their `minItems`, the smallest valid value
   * (requests the conformance suite builds). `full` (default): every listed member and at least
   * one array item, a value that shows the shape (function-call arguments and JSON answers the
   * mock makes up); past a few levels of nesting (recursive schemas) it turns minimal.
   */
  readonly shape?: 'minimal' | 'full';
  /** The document that `$ref`s point into (`#/components/schemas/…`); the schema itself by default. */
  readonly root?: unknown;
  /** A string for a member, by its name, where the caller knows one (the target's model for `model`). */
  readonly stringFor?: (member: string) => string | undefined;
  /**
   * Mixed into the seed of every generated string (pattern-built ones), besides the value's place
   * in the schema: callers that want the same schema to give another value pass another seed.
   */
  readonly seed?: string;
}

/** Where the sampler is: the options, the document, how deep it went and where. */
export interface SampleContext {
  readonly shape: 'minimal' | 'full';
  readonly root: unknown;
  readonly stringFor: (member: string) => string | undefined;
  readonly depth: number;
  /** The value's location (a JSON pointer into the value), which seeds its generated strings. */
  readonly path: string;
  /** Asks for the n-th distinct value (items of an array with `uniqueItems`); 0 otherwise. */
  readonly variant: number;
  readonly seed: string;
}

/** Levels of nesting the full shape fills; deeper, values are minimal (so recursion ends). */
export const FULL_DEPTH = 4;

export function sampleContext(schema: unknown, options: SampleOptions = {}): SampleContext {
  return {
    shape: options.shape ?? 'full',
    root: options.root ?? schema,
    stringFor: options.stringFor ?? (() => undefined),
    depth: 0,
    path: '',
    variant: 0,
    seed: options.seed ?? '',
  };
}

/** The context one level down, at `segment` of the value; members keep the variant of the item they are in. */
export function descend(ctx: SampleContext, segment: string | number, variant = ctx.variant): SampleContext {
  return { ...ctx, depth: ctx.depth + 1, path: `${ctx.path}/${segment}`, variant };
}

/** Whether this level fills optional members and gives arrays an item (the full shape, not too deep). */
export function fills(ctx: SampleContext): boolean {
  return ctx.shape === 'full' && ctx.depth <= FULL_DEPTH;
}

/** What the object and array samplers call for each member or item (the sampler itself). */
export type SampleAt = (schema: unknown, ctx: SampleContext, member: string) => unknown;
