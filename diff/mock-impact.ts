import { HANDLERS } from '../mocks/src/operations/registry';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * What the changed spec asks of the mock: every operation needs a handler (the mock refuses to
 * start without one), so a new or renamed operationId shows here before `npm start` fails.
 */
export function mockNotes(document: unknown, handlers: Readonly<Record<string, unknown>> = HANDLERS): string[] {
  const paths = (document as { paths?: Record<string, Record<string, { operationId?: unknown }>> }).paths ?? {};
  const notes: string[] = [];
  for (const [route, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      const label = `${method.toUpperCase()} ${route}`;
      if (typeof operation.operationId !== 'string') {
        notes.push(`${label} has no operationId: the mock cannot route it to a handler`);
      } else if (!Object.hasOwn(handlers, operation.operationId)) {
        notes.push(
          `${label} (${operation.operationId}) has no handler in mocks/src/operations/registry.ts: the mock will refuse to start until one is added`,
        );
      }
    }
  }
  return notes;
}
