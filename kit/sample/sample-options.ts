/** How a sampled value is shaped. */
export interface SampleOptions {
  /**
   * `minimal`: required members only and arrays at their `minItems`, the smallest valid value
   * (requests the conformance suite builds). `full` (default): every listed member and at least
   * one array item, a value that shows the shape (function-call arguments and JSON answers the
   * mock makes up).
   */
  readonly shape?: 'minimal' | 'full';
  /** The document that `$ref`s point into (`#/components/schemas/…`); the schema itself by default. */
  readonly root?: unknown;
  /** A string for a member, by its name, where the caller knows one (the target's model for `model`). */
  readonly stringFor?: (member: string) => string | undefined;
}

/** Where the sampler is: the options, the document, and how deep it went. */
export interface SampleContext {
  readonly shape: 'minimal' | 'full';
  readonly root: unknown;
  readonly stringFor: (member: string) => string | undefined;
  readonly depth: number;
}

export function sampleContext(schema: unknown, options: SampleOptions = {}): SampleContext {
  return {
    shape: options.shape ?? 'full',
    root: options.root ?? schema,
    stringFor: options.stringFor ?? (() => undefined),
    depth: 0,
  };
}
