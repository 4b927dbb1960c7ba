import { resolvePath } from './resolve-path';
import type { PathSegment } from './types';

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** Where in the API a diff path points, split the way a reader looks for it. */
export interface ChangeLocation {
  /** `POST /responses`; undefined outside `paths`. */
  readonly operation: string | undefined;
  /** `request` or `response` when the change is inside one (it decides what "narrower" means). */
  readonly side: 'request' | 'response' | undefined;
  /** `response 200 (application/json) data[].name`. */
  readonly where: string;
  /** The segments after the schema part, e.g. `['maxLength']` or `['enum', 2]`. */
  readonly tail: readonly PathSegment[];
}

export interface Documents {
  readonly before: unknown;
  readonly after: unknown;
}

export function describeLocation(path: readonly PathSegment[], docs: Documents): ChangeLocation {
  if (path[0] === 'components' && path[1] === 'schemas' && path[2] !== undefined) {
    return describeSchema(undefined, undefined, `schema ${String(path[2])}`, path.slice(3), (length) =>
      memberName(docs, path.slice(0, 3 + length)),
    );
  }
  if (path[0] !== 'paths' || path.length < 2) {
    return {
      operation: undefined,
      side: undefined,
      where: path.length === 0 ? 'document' : path.map(String).join('.'),
      tail: [],
    };
  }
  const route = String(path[1]);
  const method = path[2] === undefined ? undefined : String(path[2]);
  const isOperation = method !== undefined && METHODS.has(method);
  const operation = isOperation ? `${method.toUpperCase()} ${route}` : `${route} (all methods)`;
  const rest = path.slice(isOperation ? 3 : 2);
  const [first, second, third, fourth] = rest;
  const withSchema = (side: 'request' | 'response', label: string, schemaRest: readonly PathSegment[]) =>
    describeSchema(operation, side, label, schemaRest, (length) =>
      memberName(docs, path.slice(0, path.length - schemaRest.length + length)),
    );

  if (first === 'parameters' && second !== undefined) {
    const parameter = findParameter(docs, path.slice(0, path.length - rest.length + 2));
    const named = parameter ? `${parameter.in} parameter \`${parameter.name}\`` : `parameter ${String(second)}`;
    return withSchema('request', named, rest.slice(2));
  }
  if (first === 'requestBody') {
    if (second === 'content' && third !== undefined)
      return withSchema('request', `request body (${String(third)})`, rest.slice(3));
    return { operation, side: 'request', where: 'request body', tail: rest.slice(1) };
  }
  if (first === 'responses' && second !== undefined) {
    const response = `response ${String(second)}`;
    if (third === 'content' && fourth !== undefined)
      return withSchema('response', `${response} (${String(fourth)})`, rest.slice(4));
    if (third === 'headers' && fourth !== undefined)
      return withSchema('response', `${response} header ${String(fourth)}`, rest.slice(4));
    return { operation, side: 'response', where: response, tail: rest.slice(2) };
  }
  return { operation, side: undefined, where: rest.length === 0 ? 'operation' : String(first), tail: rest.slice(1) };
}

/** The parameter object named by `.../parameters/N` in whichever document has it. */
function findParameter(docs: Documents, path: readonly PathSegment[]): { in: string; name: string } | undefined {
  for (const document of [docs.after, docs.before]) {
    const found = resolvePath(document, path) as { in?: unknown; name?: unknown } | undefined;
    if (found && typeof found.in === 'string' && typeof found.name === 'string')
      return { in: found.in, name: found.name };
  }
  return undefined;
}

/**
 * The name of a union member that says what it is by a one-value `type` (an event of a stream:
 * `response.output_text.delta`), in either document, looking into its `allOf` members too.
 */
function memberName(docs: Documents, path: readonly PathSegment[]): string | undefined {
  for (const document of [docs.after, docs.before]) {
    const member = resolvePath(document, path) as { allOf?: unknown } | undefined;
    const parts = [member, ...(Array.isArray(member?.allOf) ? member.allOf.map((_, i) => [...path, 'allOf', i]) : [])];
    for (const part of parts) {
      const schema = Array.isArray(part) ? resolvePath(document, part as PathSegment[]) : part;
      const type = (schema as { properties?: { type?: { const?: unknown; enum?: unknown } } } | undefined)?.properties
        ?.type;
      if (typeof type?.const === 'string') return type.const;
      if (Array.isArray(type?.enum) && type.enum.length === 1 && typeof type.enum[0] === 'string') return type.enum[0];
    }
  }
  return undefined;
}

/**
 * Turns `schema/properties/data/items/properties/name/...` into `data[].name` and leaves the
 * keyword part (`type`, `enum/2`, `maxLength`) as the tail. A union member with a name (an event's
 * `type`) is shown by it; an `allOf` member is left out, as it describes the same value.
 * @param nameOf the name of the union member at the first `length` segments of `rest`
 */
function describeSchema(
  operation: string | undefined,
  side: 'request' | 'response' | undefined,
  label: string,
  rest: readonly PathSegment[],
  nameOf: (length: number) => string | undefined,
): ChangeLocation {
  const segments = rest[0] === 'schema' ? rest.slice(1) : rest;
  let field = '';
  let index = 0;
  while (index < segments.length) {
    const segment = segments[index];
    const next = segments[index + 1];
    if (segment === 'properties' && next !== undefined) {
      field += field === '' || field.endsWith(' ') ? String(next) : `.${String(next)}`;
      index += 2;
    } else if (segment === 'items' && segments.length > index + 1) {
      field += '[]';
      index += 1;
    } else if ((segment === 'oneOf' || segment === 'anyOf') && typeof next === 'number') {
      const name = nameOf(index + 2 + (rest[0] === 'schema' ? 1 : 0));
      field += name === undefined ? `‹${segment} ${next}›` : `‹event ${name}› `;
      index += 2;
    } else if (segment === 'allOf' && typeof next === 'number') {
      index += 2;
    } else if (segment === 'prefixItems' && typeof next === 'number') {
      field += `‹${segment} ${next}›`;
      index += 2;
    } else if (segment === 'additionalProperties' && segments.length > index + 1) {
      field += '{*}';
      index += 1;
    } else {
      break;
    }
  }
  return { operation, side, where: field === '' ? label : `${label} ${field.trimEnd()}`, tail: segments.slice(index) };
}
