import { NAMED_MAPS } from './named-maps';
import { RULES_KEY } from './fold-all-of';
import type { PathSegment } from './types';

/** Keeps values short in a one-line change description. */
export function formatValue(value: unknown): string {
  if (value === undefined) return '(none)';
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const ref = (value as { $ref?: unknown }).$ref;
    if (typeof ref === 'string') return ref.replace(/^#\/components\/\w+\//, '');
  }
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** `string`, or `[string, null]` for an OpenAPI 3.1 type list. */
function formatType(value: unknown): string {
  return Array.isArray(value) ? `[${value.map(String).join(', ')}]` : String(value);
}

/** ` <value>` for a scalar or a list of scalars; objects are left out (the pointer names them). */
function shortValue(value: unknown): string {
  const scalar = (item: unknown): boolean => item === null || typeof item !== 'object';
  return scalar(value) || (Array.isArray(value) && value.every(scalar)) ? ` ${formatValue(value)}` : '';
}

export interface RawChange {
  readonly action: 'add' | 'remove' | 'replace' | 'rename';
  readonly path: readonly PathSegment[];
  readonly before?: unknown;
  readonly after?: unknown;
}

/** One line saying what changed, from the diff path's last segments and the values. */
export function describeChange(change: RawChange, tail: readonly PathSegment[]): string {
  const { action, path, before, after } = change;
  const last = path[path.length - 1];
  const parent = path[path.length - 2];
  const verb =
    action === 'add' ? 'added' : action === 'remove' ? 'removed' : action === 'rename' ? 'renamed' : 'changed';

  const rule = describeRules(change, tail);
  if (rule !== undefined) return rule;
  if (action === 'rename' && last === 'paths') return describePathRename(String(before), String(after));
  if (parent === 'properties') return `property \`${String(last)}\` ${verb}`;
  const security = describeSecurity(change);
  if (security) return security;
  if (parent === 'required' && typeof last === 'number') {
    const name = formatValue(action === 'add' ? after : before);
    return action === 'add'
      ? `${name} is now required`
      : action === 'remove'
        ? `${name} is no longer required`
        : `required ${formatValue(before)} → ${formatValue(after)}`;
  }
  if (parent === 'enum' && typeof last === 'number') {
    return action === 'replace'
      ? `enum value ${formatValue(before)} → ${formatValue(after)}`
      : `enum value ${formatValue(action === 'add' ? after : before)} ${verb}`;
  }
  if (parent === 'type' && typeof last === 'number')
    return `type member ${formatValue(action === 'add' ? after : before)} ${verb}`;
  if (last === 'type' && action === 'replace') return `type ${formatType(before)} → ${formatType(after)}`;
  if (last === 'required' && typeof (action === 'remove' ? before : after) === 'boolean') {
    return (action === 'remove' ? false : after) === true ? 'now required' : 'no longer required';
  }
  if (tail.length === 2 && typeof tail[0] === 'number' && path.includes('security'))
    return `security requirement \`${String(tail[1])}\` ${verb}`;
  if (tail.length === 0) return action === 'replace' ? `${formatValue(before)} → ${formatValue(after)}` : verb;
  const keyword = tail.map(String).join('.');
  if (action === 'replace') return `${keyword} ${formatValue(before)} → ${formatValue(after)}`;
  if (action === 'add') return `${keyword}${shortValue(after)}${entries(last, after)} added`;
  if (action === 'remove') return `${keyword}${shortValue(before)}${entries(last, before)} removed`;
  return `${keyword} renamed ${formatValue(before)} → ${formatValue(after)}`;
}

/** ` \`a\`, \`b\`` for a whole map of names added or removed (`headers`, `properties`...). */
function entries(keyword: PathSegment | undefined, value: unknown): string {
  if (!NAMED_MAPS.has(String(keyword)) || typeof value !== 'object' || value === null || Array.isArray(value))
    return '';
  const names = Object.keys(value);
  return names.length === 0 ? '' : ` ${names.map((name) => `\`${name}\``).join(', ')}`;
}

/**
 * A security requirement object added or removed as a whole: an empty one (`{}`) is the
 * alternative of sending no credentials at all.
 */
function describeSecurity(change: RawChange): string | undefined {
  const { action, path, before, after } = change;
  const at = path.lastIndexOf('security');
  if (at === -1 || at !== path.length - 2 || typeof path[at + 1] !== 'number' || action === 'replace') return undefined;
  const requirement = action === 'add' ? after : before;
  if (typeof requirement !== 'object' || requirement === null) return undefined;
  const schemes = Object.keys(requirement);
  if (schemes.length === 0) {
    return action === 'add'
      ? 'empty requirement `{}` added: authentication becomes optional'
      : 'empty requirement `{}` removed: authentication becomes required';
  }
  return `requirement ${schemes.map((name) => `\`${name}\``).join(' + ')} ${action === 'add' ? 'added as an alternative' : 'removed'}`;
}

/** A path renamed; when only its parameter names differ, the parameters renamed. */
function describePathRename(before: string, after: string): string {
  const names = (route: string): string[] => [...route.matchAll(/\{([^}]*)\}/g)].map((match) => match[1] ?? '');
  const shape = (route: string): string => route.replace(/\{[^}]*\}/g, '{}');
  if (shape(before) !== shape(after)) return `path ${before} renamed to ${after}`;
  const [old, renamed] = [names(before), names(after)];
  const pairs = old
    .map((name, index) => `\`${name}\` → \`${renamed[index] ?? ''}\``)
    .filter((_, i) => old[i] !== renamed[i]);
  return `path parameter ${pairs.join(', ')} renamed (${before} → ${after})`;
}

/** `allOf rule "…" added` for a rule of an object's allOf (fold-all-of.ts) added, removed or changed. */
export function describeRules(change: RawChange, tail: readonly PathSegment[]): string | undefined {
  if (tail[0] !== RULES_KEY) return undefined;
  const verb = change.action === 'add' ? 'added' : change.action === 'remove' ? 'removed' : 'changed';
  if (tail.length === 1) {
    const value = change.action === 'remove' ? change.before : change.after;
    const names = typeof value === 'object' && value !== null ? Object.keys(value) : [];
    return `allOf rule ${names.map((name) => `"${name}"`).join(', ')} ${verb}`;
  }
  const inside = tail.slice(2).map(String).join('.');
  return `allOf rule "${String(tail[1])}"${inside === '' ? '' : ` ${inside}`} ${verb}`;
}
