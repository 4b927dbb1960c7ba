import { toPointer } from '../kit/json/json-pointer';
import type { SpecChange } from './types';

/**
 * The component sections whose names generated code exports (openapi-typescript's
 * `components['schemas']['UsdAmount']`, scripts/generate-types.ts). The diff engine reports a
 * change inside a component where an operation uses it, and nothing about its name: a schema
 * renamed without a change of shape, or one nothing uses any more removed, changes no byte on
 * the wire but breaks client code that names the type.
 */
const NAMED_SECTIONS = ['schemas', 'parameters', 'responses', 'requestBodies', 'headers'] as const;

function names(document: unknown, section: string): ReadonlySet<string> {
  const components = (document as { components?: Record<string, unknown> } | undefined)?.components;
  const found = components?.[section];
  return new Set(typeof found === 'object' && found !== null ? Object.keys(found) : []);
}

/** One change per component name removed (breaks clients) or added (breaks nobody). */
export function componentNameChanges(before: unknown, after: unknown): SpecChange[] {
  const changes: SpecChange[] = [];
  for (const section of NAMED_SECTIONS) {
    const [old, next] = [names(before, section), names(after, section)];
    const kind = section === 'schemas' ? 'schema' : section.replace(/s$/, '').replace('requestBodie', 'request body');
    for (const name of old) {
      if (next.has(name)) continue;
      changes.push({
        severity: 'breaking',
        action: 'remove',
        pointer: toPointer(['components', section, name]),
        operation: undefined,
        where: `components.${section}`,
        what: `${kind} name \`${name}\` removed`,
        reason: undefined,
        breaks: ['clients'],
        why: `code generated from the spec names the type \`components['${section}']['${name}']\`; no byte changes on the wire`,
        todo: { clients: `regenerate typed clients and use the type that replaces ${name}` },
      });
    }
    for (const name of next) {
      if (old.has(name)) continue;
      changes.push({
        severity: 'non-breaking',
        action: 'add',
        pointer: toPointer(['components', section, name]),
        operation: undefined,
        where: `components.${section}`,
        what: `${kind} name \`${name}\` added`,
        reason: undefined,
        breaks: [],
        why: 'a new name in the generated types; nothing that existed changes',
        todo: {},
      });
    }
  }
  return changes;
}
