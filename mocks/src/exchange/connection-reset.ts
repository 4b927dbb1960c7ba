/**
 * The error a client sees when the mock resets a connection before any byte (a `network: 'reset'`
 * step), made once for every surface that has no socket to reset: the fetch adapter and msw. It
 * is what fetch gives over a real connection: a `TypeError` whose `cause` is an `Error` with
 * `code: 'ECONNRESET'` (undici: `fetch failed`, cause `read ECONNRESET`), so a client that prints
 * the cause (the AI SDK: "Cannot connect to API: …") says what happened.
 */

/** node's errno for ECONNRESET on Linux, as undici's cause carries it. */
const ECONNRESET_ERRNO = -104;

/** The cause: an `Error` shaped as node's system errors are (`code`, `errno`, `syscall`). */
export interface ConnectionResetCause extends Error {
  readonly code: 'ECONNRESET';
  readonly errno: number;
  readonly syscall: 'read';
}

/** The `TypeError` fetch rejects with, its cause the reset. */
export interface ConnectionResetError extends TypeError {
  readonly cause: ConnectionResetCause;
}

export function connectionResetCause(): ConnectionResetCause {
  const cause = new Error('read ECONNRESET (the mock gateway reset the connection before any byte)');
  return Object.assign(cause, { code: 'ECONNRESET' as const, errno: ECONNRESET_ERRNO, syscall: 'read' as const });
}

export function connectionResetError(): ConnectionResetError {
  return new TypeError('fetch failed', { cause: connectionResetCause() }) as ConnectionResetError;
}

/** Whether `error` is the reset connectionResetError made (and not some other failure). */
export function isConnectionReset(error: unknown): error is ConnectionResetError {
  if (!(error instanceof TypeError)) return false;
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error && (cause as Partial<ConnectionResetCause>).code === 'ECONNRESET';
}
