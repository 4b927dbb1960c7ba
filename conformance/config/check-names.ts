import type { Contract } from '../../kit/contract/contract';
import { isRecord } from '../../kit/json/guards';
import { closestName } from './closest-name';
import { ConfigError } from './config-error';
import type { NameMapping } from '../http/name-map';

/**
 * The target file's `names` must map names the contract uses: header parameters and response
 * headers for `headers`, schema members for `members`. A name it does not use is a typo that
 * would silently map nothing, so it is refused with the closest name the contract does use.
 */
export function checkNames(contract: Contract, names: NameMapping): void {
  const { headers, members } = contractNames(contract);
  const problems: string[] = [];
  const check = (kind: 'headers' | 'members', given: Readonly<Record<string, string>>, known: readonly string[]) => {
    for (const name of Object.keys(given)) {
      const found =
        kind === 'headers' ? known.some((k) => k.toLowerCase() === name.toLowerCase()) : known.includes(name);
      if (found) continue;
      const suggestion = closestName(name, known);
      problems.push(
        `names.${kind} maps ${name}, which the contract does not use${suggestion ? `; did you mean ${suggestion}?` : ''}`,
      );
    }
  };
  check('headers', names.headers ?? {}, headers);
  check('members', names.members ?? {}, members);
  if (problems.length > 0) throw new ConfigError(`target file: ${problems.join('; ')}`);
}

function contractNames(contract: Contract): { headers: string[]; members: string[] } {
  const headers = new Set<string>();
  const members = new Set<string>();
  const walk = (node: unknown, key: string): void => {
    if (Array.isArray(node)) {
      node.forEach((item) => walk(item, ''));
      return;
    }
    if (!isRecord(node)) return;
    if (node.in === 'header' && typeof node.name === 'string') headers.add(node.name);
    if (key === 'headers') for (const name of Object.keys(node)) headers.add(name);
    if (key === 'properties') for (const name of Object.keys(node)) members.add(name);
    for (const [child, value] of Object.entries(node)) walk(value, child);
  };
  walk(contract.document, '');
  return { headers: [...headers], members: [...members] };
}
