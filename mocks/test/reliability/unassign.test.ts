/**
 * UnassignKeysResult: `unassigned_count` counts keys actually removed. Under 200 concurrent calls
 * whose hash lists overlap, each assigned key is counted by exactly one call.
 */
import http from 'node:http';
import { hashKey } from '../../src/core/fixture-model/hash-key';
import { loadFixtures, parseFixtures } from '../../src/fixture-loading/load-fixtures';
import type { Fixtures } from '../../src/core/fixture-model/fixture-types';
import { startMock } from '../helpers/start-mock';
import type { StartedMock } from '../helpers/start-mock';
import { seededRandom, send } from './support';

const GUARDRAIL = '00000000-0000-4000-8000-000000000001';
const OTHER_GUARDRAIL = '00000000-0000-4000-8000-000000000002';
const EXTRA_KEYS = 150;
const CALLS = 200;

/** The built-in fixtures plus EXTRA_KEYS keys, all assigned to GUARDRAIL, half also to OTHER_GUARDRAIL. */
function fixturesWithManyKeys(): Fixtures {
  const base = loadFixtures();
  const keys = Array.from({ length: EXTRA_KEYS }, (_, i) => ({
    key: `sk-reliability-${i}`,
    label: `reliability key ${i}`,
    management: false,
    user_id: `user_rel_${i}`,
  }));
  const hashes = keys.map((k) => hashKey(k.key));
  return parseFixtures(
    {
      ...base,
      keys: [...base.keys, ...keys],
      guardrails: base.guardrails.map((g) => {
        if (g.id === GUARDRAIL) return { ...g, assigned_key_hashes: [...g.assigned_key_hashes, ...hashes] };
        if (g.id === OTHER_GUARDRAIL) return { ...g, assigned_key_hashes: hashes.filter((_, i) => i % 2 === 0) };
        return g;
      }),
    },
    'reliability fixtures',
  );
}

/** Each call: one hash it alone is sure to carry, plus random overlapping, repeated, unknown and upper-cased ones. */
function hashLists(assigned: readonly string[], random: () => number): string[][] {
  const unknown = Array.from({ length: 20 }, (_, i) => hashKey(`sk-never-issued-${i}`));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  return Array.from({ length: CALLS }, (_, call) => {
    const list = [assigned[call % assigned.length] as string];
    const extra = 1 + Math.floor(random() * 30);
    for (let i = 0; i < extra; i++) {
      const roll = random();
      if (roll < 0.6) list.push(pick(assigned));
      else if (roll < 0.75) list.push(pick(assigned).toUpperCase());
      else if (roll < 0.9) list.push(pick(unknown));
      else list.push(list[0] as string);
    }
    return list;
  });
}

describe('guardrail unassignment under concurrency', () => {
  let started: StartedMock;
  const fixtures = fixturesWithManyKeys();
  const assigned = fixtures.guardrails.find((g) => g.id === GUARDRAIL)?.assigned_key_hashes ?? [];
  const otherAssigned = fixtures.guardrails.find((g) => g.id === OTHER_GUARDRAIL)?.assigned_key_hashes ?? [];

  beforeAll(async () => {
    started = await startMock({ fixtures });
  });
  afterAll(async () => {
    await started.mock.close();
  });

  it('counts each assigned key exactly once across 200 concurrent calls with overlapping hashes', async () => {
    expect(assigned.length).toBe(EXTRA_KEYS + 1);
    const lists = hashLists(assigned, seededRandom(20261121));
    const agent = new http.Agent({ keepAlive: true, maxSockets: CALLS });
    let connections = 0;
    const onConnection = (): void => {
      connections++;
    };
    started.mock.server.on('connection', onConnection);
    const answers = await Promise.all(
      lists.map((keyHashes) =>
        send(
          started.origin,
          {
            method: 'POST',
            path: `/api/v1/guardrails/${GUARDRAIL}/assignments/keys/remove`,
            headers: { authorization: 'Bearer sk-mock-management', 'content-type': 'application/json' },
            body: JSON.stringify({ key_hashes: keyHashes }),
          },
          agent,
        ),
      ),
    );
    started.mock.server.off('connection', onConnection);
    agent.destroy();

    // One socket per call: the calls really were in flight together, none waited for another.
    expect(connections).toBe(CALLS);
    expect(answers.map((a) => a.status)).toEqual(Array(CALLS).fill(200));
    const counts = answers.map(
      (a) => (JSON.parse(a.body.toString('utf8')) as { unassigned_count: number }).unassigned_count,
    );
    expect(counts.every((n) => Number.isInteger(n) && n >= 0)).toBe(true);
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(assigned.length);
    expect(started.mock.responseViolations).toEqual([]);
  });

  it('leaves no key of that guardrail assigned and the other guardrail untouched', () => {
    const state = started.mock.store.snapshot().guardrails;
    expect(state.find((g) => g.id === GUARDRAIL)?.assigned_key_hashes).toEqual([]);
    expect(state.find((g) => g.id === OTHER_GUARDRAIL)?.assigned_key_hashes).toEqual([...otherAssigned].sort());
  });

  it('counts 0 when the same 200 calls come again', async () => {
    const lists = hashLists(assigned, seededRandom(7));
    const answers = await Promise.all(
      lists.map((keyHashes) =>
        send(started.origin, {
          method: 'POST',
          path: `/api/v1/guardrails/${GUARDRAIL}/assignments/keys/remove`,
          headers: { authorization: 'Bearer sk-mock-management', 'content-type': 'application/json' },
          body: JSON.stringify({ key_hashes: keyHashes }),
        }),
      ),
    );
    const counts = answers.map(
      (a) => (JSON.parse(a.body.toString('utf8')) as { unassigned_count: number }).unassigned_count,
    );
    expect(counts).toEqual(Array(CALLS).fill(0));
  });
});
