import type { Failure } from '../conformance/index';
import type { Relayed } from './relay';

/**
 * One line per violation, as the proxy prints it: `[client]` for a client finding (its request
 * breaks the contract), the check, where, and the whole of what it found
 * (a schema finding's lines after its first joined with `;`, so a line never ends at "…schema:").
 */
export function violationLine(failure: Failure, relayed: Pick<Relayed, 'status' | 'method'>, client = false): string {
  // The failure's URL, not the relayed one: its keys are shown as their variables.
  const path = new URL(failure.request.url).pathname;
  const status = relayed.status === undefined ? 'no answer' : String(relayed.status);
  const [first = '', ...details] = failure.message
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '');
  const message = details.length === 0 ? first : `${first} ${details.join('; ')}`;
  return `proxy: ✗ ${client ? '[client] ' : ''}${failure.check} · ${failure.operation} · ${relayed.method} ${path} → ${status}: ${message}`;
}
