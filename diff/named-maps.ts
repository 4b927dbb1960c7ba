/**
 * Maps whose keys are names the spec's authors chose, not keywords: a property called `default`,
 * a response header called `x-request-id` or an example called `examples` is an entry, not the
 * keyword of the same spelling.
 */
export const NAMED_MAPS: ReadonlySet<string> = new Set([
  // OpenAPI
  'paths',
  'responses',
  'headers',
  'content',
  'encoding',
  'examples',
  'links',
  'callbacks',
  'variables',
  'mapping',
  'schemas',
  'parameters',
  'requestBodies',
  'securitySchemes',
  'pathItems',
  // JSON Schema
  'properties',
  'patternProperties',
  'dependentSchemas',
  '$defs',
  'definitions',
]);
