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

// @ts-expect-error neither respond nor steps: nothing to answer with
mock.scenarios.add({ match: { operation: 'createResponse' } });

// @ts-expect-error respond and steps together
mock.scenarios.add({ match: { operation: 'createResponse' }, respond: {}, steps: [{}] });

// @ts-expect-error a network failure sends no status
mock.scenarios.add({ match: { operation: 'createResponse' }, respond: { network: 'reset', status: 429 } });

// @ts-expect-error a cut changes the normal answer, which a status replaces
mock.scenarios.add({ match: { operation: 'createResponse' }, steps: [{ status: 500, cut: { afterTokens: 3 } }] });

// Each kind of step on its own compiles, in respond or steps.
mock.scenarios.add({
  match: { operation: 'createResponse' },
  steps: [{ status: 500 }, { network: 'close-mid-body', latencyMs: 5 }, { cut: { afterTokens: 3, end: 'drop' } }, {}],
});

// The whole journal narrows by operationId: no cast, no filter.
export const models: Array<string | undefined> = mock.requests().flatMap((sent) => {
  if (sent.operationId !== 'createResponse' || sent.body === null || typeof sent.body === 'string') return [];
  // @ts-expect-error createResponse's request has no such field
  void sent.body.no_such_field;
  return [sent.body.model];
});

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
