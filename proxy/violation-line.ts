import type { Failure } from '../conformance/index';
import type { Relayed } from './relay';

/** One line per violation, as the proxy prints it: the check, where, and the first line of what it found. */
export function violationLine(failure: Failure, relayed: Relayed): string {
  const path = new URL(relayed.url).pathname;
  const status = relayed.status === undefined ? 'no answer' : String(relayed.status);
  const message = failure.message.split('\n')[0]?.replace(/\s+/g, ' ').trim() ?? '';
  return `proxy: ✗ ${failure.check} · ${failure.operation} · ${relayed.method} ${path} → ${status}: ${message}`;
}
