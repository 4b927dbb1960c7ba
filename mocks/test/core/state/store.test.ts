import { loadFixtures } from '../../../src/fixture-loading/load-fixtures';
import { hashKey } from '../../../src/core/fixture-model/hash-key';
import { MockStore } from '../../../src/core/state/store';
import { StickySessions } from '../../../src/core/state/sticky-sessions';
import { SPEC_FACTS } from '../../helpers/spec-facts';

const GUARDRAIL = '00000000-0000-4000-8000-000000000001';

describe('MockStore', () => {
  const fixtures = loadFixtures();

  it('keeps the state of two stores apart', () => {
    const a = new MockStore(fixtures, SPEC_FACTS.apiBasePath);
    const b = new MockStore(fixtures, SPEC_FACTS.apiBasePath);
    const guardrail = a.guardrail(GUARDRAIL);
    expect(guardrail).toBeDefined();
    a.unassignKeys(guardrail!, [hashKey('sk-mock-guarded')]);
    expect(a.guardrailsFor(hashKey('sk-mock-guarded'))).toHaveLength(0);
    expect(b.guardrailsFor(hashKey('sk-mock-guarded'))).toHaveLength(1);
    expect(a.nextResponseNumber()).toBe(0);
    expect(a.nextResponseNumber()).toBe(1);
    expect(b.nextResponseNumber()).toBe(0);
  });

  it('restores assignments, sessions and the response sequence on reset', () => {
    const store = new MockStore(fixtures, SPEC_FACTS.apiBasePath);
    store.unassignKeys(store.guardrail(GUARDRAIL)!, [hashKey('sk-mock-guarded')]);
    store.sessions.set('s1', 'openai');
    store.nextResponseNumber();
    store.reset();
    expect(store.guardrailsFor(hashKey('sk-mock-guarded')).map((g) => g.definition.id)).toEqual([GUARDRAIL]);
    expect(store.sessions.get('s1')).toBeUndefined();
    expect(store.nextResponseNumber()).toBe(0);
  });

  it('does not let a reset share sets with the fixtures it was seeded from', () => {
    const store = new MockStore(fixtures, SPEC_FACTS.apiBasePath);
    store.unassignKeys(store.guardrail(GUARDRAIL)!, [hashKey('sk-mock-guarded')]);
    expect(fixtures.guardrails.find((g) => g.id === GUARDRAIL)?.assigned_key_hashes).toContain(
      hashKey('sk-mock-guarded'),
    );
  });

  it('authenticates known keys only', () => {
    const store = new MockStore(fixtures, SPEC_FACTS.apiBasePath);
    expect(store.authenticate('sk-mock-management')?.management).toBe(true);
    expect(store.authenticate('sk-mock-user')?.management).toBe(false);
    expect(store.authenticate('sk-mock-use')).toBeUndefined();
    // Known again, by the token alone, and still only the very token.
    expect(store.authenticate('sk-mock-user')?.management).toBe(false);
    expect(store.authenticate('sk-mock-user ')).toBeUndefined();
    expect(store.authenticate('SK-MOCK-USER')).toBeUndefined();
  });

  it('knows again only the very header a connection was accepted with', () => {
    const store = new MockStore(fixtures, SPEC_FACTS.apiBasePath);
    const connection = {};
    expect(store.acceptedBefore(connection, 'Bearer sk-mock-user')).toBeUndefined();
    expect(store.authenticate('sk-mock-user', connection, 'Bearer sk-mock-user')?.management).toBe(false);
    expect(store.acceptedBefore(connection, 'Bearer sk-mock-user')?.management).toBe(false);
    for (const other of ['Bearer sk-mock-usex', 'Bearer sk-mock-user-and-more', 'bearer sk-mock-user', '', 'Bearer'])
      expect(store.acceptedBefore(connection, other)).toBeUndefined();
    // A refused token is not remembered, and leaves what was accepted before in place.
    expect(store.authenticate('sk-mock-usex', connection, 'Bearer sk-mock-usex')).toBeUndefined();
    expect(store.acceptedBefore(connection, 'Bearer sk-mock-usex')).toBeUndefined();
    expect(store.authenticate('sk-mock-management', connection, 'Bearer sk-mock-management')?.management).toBe(true);
    expect(store.acceptedBefore(connection, 'Bearer sk-mock-management')?.management).toBe(true);
    expect(store.acceptedBefore(connection, 'Bearer sk-mock-user')).toBeUndefined();
    // What one connection sent never stands for another one, nor for another mock's store.
    expect(store.acceptedBefore({}, 'Bearer sk-mock-management')).toBeUndefined();
    expect(
      new MockStore({ ...fixtures, keys: [] }, SPEC_FACTS.apiBasePath).acceptedBefore(
        connection,
        'Bearer sk-mock-management',
      ),
    ).toBeUndefined();
  });
});

describe('StickySessions', () => {
  it('forgets the least recently used session past its capacity', () => {
    const sessions = new StickySessions(2);
    sessions.set('a', 'p1');
    sessions.set('b', 'p2');
    sessions.set('a', 'p1');
    sessions.set('c', 'p3');
    expect(sessions.size).toBe(2);
    expect(sessions.get('b')).toBeUndefined();
    expect(sessions.get('a')).toBe('p1');
    expect(sessions.get('c')).toBe('p3');
  });
});
