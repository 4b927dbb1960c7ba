import request from 'supertest';
import { loadContract } from '../../../../kit/contract/contract';
import { hashKey } from '../../../src/core/fixture-model/hash-key';
import { loadFixtures, parseFixtures } from '../../../src/fixture-loading/load-fixtures';
import { useMock } from '../../helpers/start-mock';
import {
  bearer,
  DEMO_GUARDRAIL_ID,
  GUARDED_KEY,
  MANAGEMENT_KEY,
  specNumber,
  USER_KEY,
} from '../../helpers/sample-requests';

const contract = loadContract();
const started = useMock({ contract });

const OTHER_GUARDRAIL_ID = '00000000-0000-4000-8000-000000000002';
const UNKNOWN_GUARDRAIL_ID = '00000000-0000-4000-8000-00000000ffff';
const GUARDED_HASH = hashKey(GUARDED_KEY);
const UNASSIGNED_HASH = hashKey(USER_KEY);
const keyHashesMin = specNumber(contract, '#/components/schemas/UnassignKeysRequest/properties/key_hashes/minItems');
const hashMinLength = specNumber(
  contract,
  '#/components/schemas/UnassignKeysRequest/properties/key_hashes/items/minLength',
);

const unassign = (id: string, body: unknown, key = MANAGEMENT_KEY) =>
  request(started().mock.server)
    .post(`/api/v1/guardrails/${id}/assignments/keys/remove`)
    .set(bearer(key))
    .send(body as object);

const assignedOf = async (id: string): Promise<string[]> => {
  const res = await request(started().mock.server).get('/__mock/state');
  const guardrail = (res.body.guardrails as Array<{ id: string; assigned_key_hashes: string[] }>).find(
    (g) => g.id === id,
  );
  if (!guardrail) throw new Error(`no guardrail ${id} in /__mock/state`);
  return guardrail.assigned_key_hashes;
};

beforeEach(() => started().mock.store.reset());

describe('POST /guardrails/{id}/assignments/keys/remove (unassignGuardrailKeys)', () => {
  it('starts with the guarded demo key assigned to the demo guardrail', async () => {
    expect(await assignedOf(DEMO_GUARDRAIL_ID)).toEqual([GUARDED_HASH]);
  });

  it.each([
    ['the assigned key', { given: [GUARDED_HASH], want: 1 }],
    ['the assigned key twice in one call', { given: [GUARDED_HASH, GUARDED_HASH], want: 1 }],
    ['an unknown hash', { given: ['f'.repeat(64)], want: 0 }],
    ['a key that exists but is not assigned', { given: [UNASSIGNED_HASH], want: 0 }],
    ['a hash that is not hex at all', { given: ['not-a-hash'], want: 0 }],
    [
      'the assigned key among unknown and unassigned ones',
      { given: ['0'.repeat(64), GUARDED_HASH, UNASSIGNED_HASH], want: 1 },
    ],
    ['the assigned key in upper-case hex', { given: [GUARDED_HASH.toUpperCase()], want: 1 }],
  ])('counts only keys actually removed: %s', async (_name, { given, want }) => {
    const res = await unassign(DEMO_GUARDRAIL_ID, { key_hashes: given });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ unassigned_count: want });
    expect(await assignedOf(DEMO_GUARDRAIL_ID)).toEqual(want === 1 ? [] : [GUARDED_HASH]);
  });

  it('returns 0 for a second identical call', async () => {
    const first = await unassign(DEMO_GUARDRAIL_ID, { key_hashes: [GUARDED_HASH] });
    const second = await unassign(DEMO_GUARDRAIL_ID, { key_hashes: [GUARDED_HASH] });
    expect([first.body.unassigned_count, second.body.unassigned_count]).toEqual([1, 0]);
  });

  it('leaves other guardrails alone', async () => {
    const res = await unassign(OTHER_GUARDRAIL_ID, { key_hashes: [GUARDED_HASH] });
    expect(res.body).toEqual({ unassigned_count: 0 });
    expect(await assignedOf(DEMO_GUARDRAIL_ID)).toEqual([GUARDED_HASH]);
  });

  it('finds the guardrail whatever the case of its id', async () => {
    const res = await unassign(DEMO_GUARDRAIL_ID.toUpperCase(), { key_hashes: [GUARDED_HASH] });
    expect(res.body).toEqual({ unassigned_count: 1 });
  });

  it('makes the change visible to later requests until the state is reset', async () => {
    await unassign(DEMO_GUARDRAIL_ID, { key_hashes: [GUARDED_HASH] });
    expect(await assignedOf(DEMO_GUARDRAIL_ID)).toEqual([]);
    await request(started().mock.server).post('/__mock/reset');
    expect(await assignedOf(DEMO_GUARDRAIL_ID)).toEqual([GUARDED_HASH]);
  });

  it('returns 404 in the envelope for an unknown guardrail', async () => {
    const res = await unassign(UNKNOWN_GUARDRAIL_ID, { key_hashes: [GUARDED_HASH] });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 404, message: `Guardrail ${UNKNOWN_GUARDRAIL_ID} not found` } });
  });

  it.each([
    ['a word', { given: 'not-a-uuid' }],
    ['a UUID missing a digit', { given: '00000000-0000-4000-8000-00000000000' }],
    ['a UUID with an extra digit', { given: '00000000-0000-4000-8000-0000000000011' }],
    ['a UUID without dashes', { given: '00000000000040008000000000000001' }],
    ['a UUID in braces', { given: '%7B00000000-0000-4000-8000-000000000001%7D' }],
    ['a number', { given: '1' }],
  ])('returns 400 naming path.id and the uuid format for %s', async (_name, { given }) => {
    const res = await unassign(given, { key_hashes: [GUARDED_HASH] });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('path.id');
    expect(res.body.error.message).toContain('uuid');
    expect(res.body.error.metadata.errors).toEqual([expect.objectContaining({ field: 'path.id', rule: 'format' })]);
  });

  it.each([
    ['no key_hashes', { given: {}, want: { field: 'body', rule: 'required' } }],
    [
      `fewer than ${keyHashesMin} hash`,
      {
        given: { key_hashes: Array(keyHashesMin - 1).fill(GUARDED_HASH) },
        want: { field: 'body.key_hashes', rule: 'minItems' },
      },
    ],
    [
      `a hash shorter than ${hashMinLength} character`,
      {
        given: { key_hashes: ['x'.repeat(hashMinLength - 1)] },
        want: { field: 'body.key_hashes[0]', rule: 'minLength' },
      },
    ],
    [
      'a hash that is a number',
      { given: { key_hashes: [GUARDED_HASH, 42] }, want: { field: 'body.key_hashes[1]', rule: 'type' } },
    ],
    [
      'key_hashes as a string',
      { given: { key_hashes: GUARDED_HASH }, want: { field: 'body.key_hashes', rule: 'type' } },
    ],
    ['key_hashes null', { given: { key_hashes: null }, want: { field: 'body.key_hashes', rule: 'type' } }],
  ])('returns 400 naming the field and the rule for %s', async (_name, { given, want }) => {
    const res = await unassign(DEMO_GUARDRAIL_ID, given);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(want.field);
    expect(res.body.error.message).toContain(`(${want.rule})`);
    expect(res.body.error.metadata.errors).toContainEqual(expect.objectContaining(want));
    expect(await assignedOf(DEMO_GUARDRAIL_ID)).toEqual([GUARDED_HASH]);
  });

  it('returns 400 for malformed JSON and for a missing body', async () => {
    const malformed = await request(started().mock.server)
      .post(`/api/v1/guardrails/${DEMO_GUARDRAIL_ID}/assignments/keys/remove`)
      .set(bearer(MANAGEMENT_KEY))
      .set('Content-Type', 'application/json')
      .send('{"key_hashes":[');
    const missing = await request(started().mock.server)
      .post(`/api/v1/guardrails/${DEMO_GUARDRAIL_ID}/assignments/keys/remove`)
      .set(bearer(MANAGEMENT_KEY));
    expect([malformed.status, missing.status]).toEqual([400, 400]);
  });
});

describe('concurrent unassignment', () => {
  // Thirty keys, all assigned to the demo guardrail, then removed by racing callers.
  const builtin = loadFixtures();
  const extraKeys = Array.from({ length: 30 }, (_, i) => `sk-load-${i}`);
  const fixtures = parseFixtures(
    {
      ...builtin,
      keys: [
        ...builtin.keys,
        ...extraKeys.map((key) => ({ key, label: key, management: false, user_id: 'user_load' })),
      ],
      guardrails: builtin.guardrails.map((g) =>
        g.id === DEMO_GUARDRAIL_ID ? { ...g, assigned_key_hashes: extraKeys.map((key) => hashKey(key)) } : g,
      ),
    },
    'concurrency fixtures',
  );
  const loaded = useMock({ contract, fixtures });
  const hashes = extraKeys.map((key) => hashKey(key));

  it('never counts a key twice when many callers remove the same keys at once', async () => {
    const callers = 20;
    const counts = await Promise.all(
      Array.from({ length: callers }, async (_, c) => {
        // Each caller sends every hash, rotated so that callers start at different keys, plus a repeat.
        const mine = [...hashes.slice(c), ...hashes.slice(0, c), hashes[c % hashes.length] as string];
        const res = await fetch(`${loaded().baseUrl}/guardrails/${DEMO_GUARDRAIL_ID}/assignments/keys/remove`, {
          method: 'POST',
          headers: { ...bearer(MANAGEMENT_KEY), 'Content-Type': 'application/json' },
          body: JSON.stringify({ key_hashes: mine }),
        });
        expect(res.status).toBe(200);
        return ((await res.json()) as { unassigned_count: number }).unassigned_count;
      }),
    );
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(hashes.length);
    const state = (await (await fetch(`${loaded().origin}/__mock/state`)).json()) as {
      guardrails: Array<{ id: string; assigned_key_hashes: string[] }>;
    };
    expect(state.guardrails.find((g) => g.id === DEMO_GUARDRAIL_ID)?.assigned_key_hashes).toEqual([]);
  });

  it('splits disjoint halves between two racing callers exactly', async () => {
    loaded().mock.store.reset();
    const half = hashes.length / 2;
    const send = (part: string[]) =>
      fetch(`${loaded().baseUrl}/guardrails/${DEMO_GUARDRAIL_ID}/assignments/keys/remove`, {
        method: 'POST',
        headers: { ...bearer(MANAGEMENT_KEY), 'Content-Type': 'application/json' },
        body: JSON.stringify({ key_hashes: part }),
      }).then(async (res) => ((await res.json()) as { unassigned_count: number }).unassigned_count);
    const counts = await Promise.all([
      send(hashes.slice(0, half)),
      send(hashes.slice(half)),
      send(hashes.slice(0, half)),
    ]);
    expect(counts[0] + counts[2]).toBe(half);
    expect(counts[1]).toBe(hashes.length - half);
  });
});
