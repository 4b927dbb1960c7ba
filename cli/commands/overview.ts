/**
 * What `model-gateway` says about itself: the list of its subcommands (`--help`), and, for a name
 * it does not know, the list and the nearest name. Loaded only when needed.
 */
import { COMMANDS } from './registry';

export function overview(): string {
  const width = Math.max(...COMMANDS.map((command) => command.name.length));
  return [
    'Usage: model-gateway <command> [options]',
    '',
    'The Model Gateway API: its mock, its conformance suite and the tools for its spec.',
    '',
    'Commands:',
    ...COMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    '',
    'model-gateway <command> --help (or model-gateway help <command>) shows its options;',
    'model-gateway --version prints the version.',
    'model-gateway-mock and model-gateway-conformance are the same as model-gateway mock and',
    'model-gateway conformance.',
  ].join('\n');
}

/** One line naming the unknown command and the nearest known one, when one is near, then the list. */
export function unknownCommand(name: string): string {
  const nearest = didYouMean(name);
  const hint = nearest === undefined ? '' : ` Did you mean "${nearest}"?`;
  return `model-gateway: unknown command "${name}".${hint}\n\n${overview()}`;
}

/**
 * The known name at the smallest edit distance, if that is at most 2 (or a third of the name's
 * length) and less than the name's length, or a name it starts.
 */
export function didYouMean(name: string): string | undefined {
  const scored = COMMANDS.map((command) => ({ name: command.name, distance: editDistance(name, command.name) }));
  scored.sort((a, b) => a.distance - b.distance);
  const best = scored[0];
  if (best !== undefined && best.distance <= Math.max(2, Math.floor(name.length / 3)) && best.distance < name.length)
    return best.name;
  return name.length >= 2 ? COMMANDS.find((command) => command.name.startsWith(name))?.name : undefined;
}

/** Levenshtein distance, one row at a time. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitute = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      row.push(Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, substitute));
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
}
