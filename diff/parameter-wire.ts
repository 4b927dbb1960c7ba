/**
 * Whether a parameter's `style` / `explode` change changes the bytes on the wire. OpenAPI 3.1,
 * Parameter Object: `form` (query, cookie) and `simple` (path, header) are the defaults, `explode`
 * defaults to true for `form` only. For a scalar (string, number, integer, boolean) the query and
 * cookie styles all write `name=value` and `explode` changes nothing; a path parameter's
 * `label` (`.value`) and `matrix` (`;name=value`) differ from `simple` for any type. For an
 * array or object every combination writes differently (`a=1&a=2` against `a=1,2`).
 */
interface Serialization {
  readonly style: string;
  readonly explode: boolean;
}

function serializationOf(parameter: Record<string, unknown>): Serialization {
  const where = String(parameter.in);
  const style =
    typeof parameter.style === 'string' ? parameter.style : where === 'query' || where === 'cookie' ? 'form' : 'simple';
  const explode = typeof parameter.explode === 'boolean' ? parameter.explode : style === 'form';
  return { style, explode };
}

/** `scalar` when every type the schema allows (null aside) is a scalar; undefined when it says none. */
function shapeOf(schema: unknown): 'scalar' | 'structured' | undefined {
  const type = (schema as { type?: unknown } | undefined)?.type;
  if (type === undefined) return undefined;
  const types = (Array.isArray(type) ? type : [type]).map(String).filter((name) => name !== 'null');
  return types.every((name) => ['string', 'number', 'integer', 'boolean'].includes(name)) ? 'scalar' : 'structured';
}

export function wireChange(before: unknown, after: unknown): { changes: boolean; why: string } {
  const record = (value: unknown): Record<string, unknown> =>
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const [old, next] = [serializationOf(record(before)), serializationOf(record(after))];
  const shapes = [shapeOf(record(before).schema), shapeOf(record(after).schema)];
  const scalar = shapes.every((shape) => shape === 'scalar');
  const where = String(record(after).in ?? record(before).in);
  const label = `${old.style}${old.explode ? ', explode' : ''} → ${next.style}${next.explode ? ', explode' : ''}`;
  if (scalar) {
    const sameStyle = where === 'query' || where === 'cookie' || old.style === next.style;
    return sameStyle
      ? {
          changes: false,
          why: `a scalar ${where} parameter is written the same way (${label}): nothing changes on the wire`,
        }
      : { changes: true, why: `the ${where} parameter is written another way on the wire (${label})` };
  }
  if (old.style === next.style && old.explode === next.explode)
    return { changes: false, why: `the serialization is the same once defaults apply (${label})` };
  return {
    changes: true,
    why: `${shapes.includes(undefined) ? 'a parameter of any type' : 'an array or object'} is written another way on the wire (${label})`,
  };
}
