import type { FixtureGuardrail, Fixtures } from '../fixtures/fixture-types';
import { hashKey } from '../fixtures/hash-key';
import type { Sha256 } from '../hash/sha256';
import { portableSha256 } from '../hash/sha256';
import { Catalog } from './catalog';
import { RequestLog } from './request-log';
import { StickySessions } from './sticky-sessions';

export interface ApiKeyRecord {
  readonly hash: string;
  readonly label: string;
  readonly management: boolean;
  readonly userId: string;
}

export interface GuardrailState {
  readonly definition: FixtureGuardrail;
  /** Hashes of the keys currently assigned (UnassignKeysRequest.key_hashes). */
  readonly assigned: Set<string>;
}

/**
 * All state of one mock instance, seeded from fixtures. Two mocks never share a store;
 * `reset()` restores the fixtures' state. Mutations are synchronous, so requests that
 * interleave on the event loop can never observe or count a half-done change.
 */
export class MockStore {
  readonly catalog: Catalog;
  readonly requests = new RequestLog();
  /** session_id → provider slug, for sticky routing (ResponseRequest.session_id). */
  readonly sessions = new StickySessions();
  /** Key hash → the key. */
  private readonly keys = new Map<string, ApiKeyRecord>();
  /** The token each open connection last authenticated with (see `authenticate`). */
  private readonly acceptedOn = new WeakMap<object, { readonly token: string; readonly record: ApiKeyRecord }>();
  private guardrails = new Map<string, GuardrailState>();
  private responseCount = 0;

  /**
   * `apiBasePath`: the path of the spec's server address, which model links start with.
   * `sha256`: the runtime's fastest synchronous SHA-256, for key hashes and response ids.
   */
  constructor(
    readonly fixtures: Fixtures,
    apiBasePath: string,
    readonly sha256: Sha256 = portableSha256,
  ) {
    this.catalog = new Catalog(fixtures.models, apiBasePath);
    for (const key of fixtures.keys) {
      const hash = hashKey(key.key, sha256);
      const record = { hash, label: key.label, management: key.management, userId: key.user_id };
      this.keys.set(hash, record);
    }
    this.reset();
  }

  reset(): void {
    this.guardrails = new Map(
      this.fixtures.guardrails.map((g) => [
        g.id.toLowerCase(),
        { definition: g, assigned: new Set(g.assigned_key_hashes) },
      ]),
    );
    this.sessions.clear();
    this.requests.clear();
    this.responseCount = 0;
  }

  /** Sequence number of the next response: ids derive from it, so they repeat after a reset. */
  nextResponseNumber(): number {
    return this.responseCount++;
  }

  /**
   * Finds the key a bearer token names. The token is hashed first, so lookup time depends on
   * the hash, not on how much of a real key the caller guessed; the final compare is constant-time.
   *
   * `connection` (the request's socket) remembers the token it last authenticated: a keep-alive
   * client sends the same header with every request, and comparing it, in constant time, with
   * what the same connection sent before costs a fraction of the hash.
   */
  authenticate(token: string, connection?: object): ApiKeyRecord | undefined {
    const remembered = connection && this.acceptedOn.get(connection);
    if (remembered && sameText(token, remembered.token)) return remembered.record;
    const hash = hashKey(token, this.sha256);
    const stored = this.keys.get(hash);
    if (!stored || !sameText(stored.hash, hash)) return undefined;
    if (connection) this.acceptedOn.set(connection, { token, record: stored });
    return stored;
  }

  guardrail(id: string): GuardrailState | undefined {
    return this.guardrails.get(id.toLowerCase());
  }

  /** Guardrails that apply to requests made with the key of this hash. */
  guardrailsFor(keyHash: string): GuardrailState[] {
    return [...this.guardrails.values()].filter((g) => g.assigned.has(keyHash));
  }

  /** Removes assignments; counts only keys actually removed (repeats and unknown hashes count 0). */
  unassignKeys(guardrail: GuardrailState, keyHashes: readonly string[]): number {
    let removed = 0;
    for (const hash of keyHashes) {
      if (guardrail.assigned.delete(hash.toLowerCase())) removed++;
    }
    return removed;
  }

  /** What `GET /__mock/state` shows. */
  snapshot(): { guardrails: Array<{ id: string; name: string; patterns: string[]; assigned_key_hashes: string[] }> } {
    return {
      guardrails: [...this.guardrails.values()].map(({ definition, assigned }) => ({
        id: definition.id,
        name: definition.name,
        patterns: definition.patterns,
        assigned_key_hashes: [...assigned].sort(),
      })),
    };
  }
}

/**
 * Whether two texts are equal, looking at every character whatever the first difference: the
 * time depends on the length alone, like node's timingSafeEqual, in any runtime and with no bytes made.
 */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
