/**
 * Checked by `npm run typecheck`, not run: the controls are typed. A wrong operation id or a
 * status given as a string fails tsc (each `@ts-expect-error` fails the check if the line it
 * marks compiles), the types are exported from both entries, the journal's bodies carry their
 * operation's request type, and the handlers spread into msw's setupServer.
 */
import { setupServer } from 'msw/node';
import type {
  JournalEntry as RootJournalEntry,
  OperationId as RootOperationId,
  Scenario as RootScenario,
} from '../../../index';
import { createHandlers } from 'model-gateway-mock/msw';
import type { JournalEntry, OperationId, Scenario } from 'model-gateway-mock/msw';

const mock = createHandlers({ baseUrl: 'https://gateway.test/api/v1' });

export const spreads = setupServer(...mock);

export const good: Scenario = { match: { operation: 'createResponse' }, respond: { status: 429 } };
mock.scenarios.add(good);

// @ts-expect-error an operation the spec does not have
mock.scenarios.add({ match: { operation: 'createResponses' }, respond: { status: 429 } });

// @ts-expect-error a status is a number
mock.scenarios.add({ match: { operation: 'createResponse' }, respond: { status: '429' } });

// @ts-expect-error a network failure the mock does not make
mock.scenarios.add({ match: { operation: 'createResponse' }, respond: { network: 'timeout' } });

const [entry] = mock.requests({ operation: 'createResponse' });
export function modelOf(sent: JournalEntry<'createResponse'>['body']): string | undefined {
  if (sent === null || typeof sent === 'string') return undefined;
  // @ts-expect-error createResponse's request has no such field
  void sent.no_such_field;
  return sent.model;
}
export const model = modelOf(entry?.body ?? null);
// A reset has no status: `status` is optional, `network` says why.
export const status: number | undefined = entry?.status;

export const ids: OperationId[] = ['createResponse', 'getModel', 'listEmbeddingsModels', 'unassignGuardrailKeys'];
// @ts-expect-error not an operation id
export const badId: OperationId = 'createResponses';

// The package's root (model-gateway-mock, through mocks/index.ts) exports the same types.
export const sameScenario: RootScenario = good;
export const sameEntry: RootJournalEntry | undefined = entry as JournalEntry | undefined;
export const sameId: RootOperationId = ids[0]!;
