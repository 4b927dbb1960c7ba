import type { Contract } from '../contract/contract-types';
import { EVENT_STREAM } from '../contract/event-data-schema';
import { listOperations } from '../contract/operations';
import { isRecord } from '../json/guards';
import type { JsonObject } from '../json/guards';

export { EVENT_STREAM };

/** What the stream rules read from spec/openapi.yaml. */
export interface StreamSpec {
  readonly contract: Contract;
  /** Event `type` → pointer of the schema branch that defines it (ResponseCreatedEvent, …). */
  readonly eventSchemas: ReadonlyMap<string, string>;
}

/** The stream rules' view of the contract; build once, it walks the document. */
export function streamSpec(contract: Contract): StreamSpec {
  return { contract, eventSchemas: streamEventSchemas(contract) };
}

/**
 * Maps each stream event `type` to the pointer of the schema branch that defines it, found by
 * walking the `anyOf`/`oneOf` of every documented `text/event-stream` schema. A known event is then
 * validated against its own branch, so a malformed `response.completed` cannot slip through as
 * some other (permissive) branch such as UnknownStreamEvent.
 */
export function streamEventSchemas(contract: Contract): Map<string, string> {
  const found = new Map<string, string>();
  for (const op of listOperations(contract)) {
    for (const response of op.responses.values()) {
      const pointer = response.content.get(EVENT_STREAM);
      if (pointer !== undefined) collectBranches(contract, pointer, found, 0);
    }
  }
  return found;
}

/** Families that stream fragments: every `X.delta` whose `X.done` the document also defines. */
export function deltaFamilies(spec: StreamSpec): ReadonlySet<string> {
  return pairedFamilies(spec, '.delta');
}

/** Families that open and close a slot: every `X.added` whose `X.done` the document also defines. */
export function addedFamilies(spec: StreamSpec): ReadonlySet<string> {
  return pairedFamilies(spec, '.added');
}

/**
 * Worked out once per spec and suffix: the rules ask on every stream they judge (a proxy, on every
 * stream it relays). The spec's event map is read-only once built, so a set stays right.
 */
const paired = new WeakMap<ReadonlyMap<string, string>, Map<string, ReadonlySet<string>>>();

function pairedFamilies(spec: StreamSpec, suffix: string): ReadonlySet<string> {
  let bySuffix = paired.get(spec.eventSchemas);
  if (!bySuffix) paired.set(spec.eventSchemas, (bySuffix = new Map()));
  let families = bySuffix.get(suffix);
  if (!families) {
    const known = spec.eventSchemas;
    const familyOf = (type: string) => type.slice(0, -suffix.length);
    families = new Set(
      [...known.keys()].filter((t) => t.endsWith(suffix) && known.has(`${familyOf(t)}.done`)).map(familyOf),
    );
    bySuffix.set(suffix, families);
  }
  return families;
}

function collectBranches(contract: Contract, pointer: string, found: Map<string, string>, depth: number): void {
  if (depth > 8) return;
  const raw = contract.at<unknown>(pointer);
  const target = isRecord(raw) && typeof raw.$ref === 'string' ? raw.$ref : pointer;
  const schema = contract.resolve<JsonObject>(raw);
  const eventType = constantType(contract, schema);
  if (eventType !== undefined) {
    if (!found.has(eventType)) found.set(eventType, target);
    return;
  }
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword];
    if (Array.isArray(branches))
      branches.forEach((_, i) => collectBranches(contract, `${target}/${keyword}/${i}`, found, depth + 1));
  }
}

function constantType(contract: Contract, schema: JsonObject): string | undefined {
  const properties = isRecord(schema.properties) ? schema.properties : undefined;
  const type = properties ? contract.resolve<JsonObject>(properties.type) : undefined;
  if (!type) return undefined;
  if (typeof type.const === 'string') return type.const;
  if (Array.isArray(type.enum) && type.enum.length === 1 && typeof type.enum[0] === 'string') return type.enum[0];
  return undefined;
}
