import type { FixtureRecording } from '../../../../src/core/fixture-model/fixture-types';
import type { ResponseIds } from '../../../../src/operations/create-response/answer/ids';
import { refreshRecording } from '../../../../src/operations/create-response/replay/refresh-recording';

/** Ids handed out in order; the first item id is the recorded one, as a mock whose counter stands where the recorded gateway's stood gives. */
function idsGiving(...items: string[]): ResponseIds {
  const queue = [...items];
  return { generation: 'gen-2000-fresh', item: (prefix) => queue.shift() ?? `${prefix}_spare` };
}

const STREAM: FixtureRecording = {
  at: '2026-01-01T00:00:00.000Z',
  from: 'https://gateway.test/api/v1',
  status: 200,
  events: [
    {
      at_ms: 5,
      event: {
        type: 'response.created',
        response: { id: 'resp_old', created_at: 100, completed_at: null, output: [] },
      },
    },
    { at_ms: 6, event: { type: 'response.output_item.added', item: { id: 'msg_old', type: 'message' } } },
    { at_ms: 7, event: { type: 'response.output_text.delta', item_id: 'msg_old', delta: 'msg_old is a word' } },
    {
      at_ms: 9,
      event: {
        type: 'response.completed',
        response: {
          id: 'resp_old',
          created_at: 100,
          completed_at: 103,
          output: [{ id: 'msg_old', call_id: 'call_1' }],
        },
      },
    },
  ],
};

describe('refreshRecording', () => {
  it('gives the response and each item one fresh id wherever the recording names them, keeping texts and call ids', () => {
    const fresh = refreshRecording(STREAM, idsGiving('msg_new'), 2000);
    expect(fresh.events?.map((e) => e.event)).toEqual([
      {
        type: 'response.created',
        response: { id: 'gen-2000-fresh', created_at: 2000, completed_at: null, output: [] },
      },
      { type: 'response.output_item.added', item: { id: 'msg_new', type: 'message' } },
      { type: 'response.output_text.delta', item_id: 'msg_new', delta: 'msg_old is a word' },
      {
        type: 'response.completed',
        response: {
          id: 'gen-2000-fresh',
          created_at: 2000,
          completed_at: 2003,
          output: [{ id: 'msg_new', call_id: 'call_1' }],
        },
      },
    ]);
    expect(fresh.events?.map((e) => e.at_ms)).toEqual([5, 6, 7, 9]);
  });

  it('keeps an item id that comes out fresh as it was, and still names it alike everywhere', () => {
    const fresh = refreshRecording(STREAM, idsGiving('msg_old', 'msg_other'), 2000);
    const named = fresh.events?.map((e) => (e.event.item as { id?: string } | undefined)?.id ?? e.event.item_id);
    expect(named).toEqual([undefined, 'msg_old', 'msg_old', undefined]);
  });

  it('leaves an error recording as it was', () => {
    const error: FixtureRecording = { ...STREAM, status: 429, body: { error: { code: 429, message: 'slow down' } } };
    delete error.events;
    expect(refreshRecording(error, idsGiving(), 2000)).toBe(error);
  });
});
