import type { FixtureGuardrail, Fixtures } from '../fixture-model/fixture-types';
import { hashKey } from '../fixture-model/hash-key';
import type { Sha256 } from '../../exchange/util/sha256';
import { portableSha256 } from '../../exchange/util/sha256';
import { sameText } from './same-text';
import { Catalog } from './catalog';
import { RequestJournal } from '../journal/request-journal';
import type { InputTextReader } from '../scenarios/match-scenario';
import { ScenarioBook } from '../scenarios/scenario-book';
import type { ScenarioOperation } from '../scenarios/validate-scenario';
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

/** What a store needs besides its fixtures. */
export interface StoreSettings {
  readonly operations?: ReadonlyMap<string, ScenarioOperation>;
  readonly journalLimit?: number;
  /** How a scenario's `match.input` reads a request's text (the operations' reader). */
  readonly inputText?: InputTextReader;
}

/**
 * All state of one mock instance, seeded from fixtures. Two mocks never share a store;
 * `reset()` restores the fixtures' state. Mutations are synchronous, so requests that
 * interleave on the event loop can never observe or count a half-done change.
 */
export class MockStore {
  readonly catalog: Catalog;
  /** The request journal (GET /__mock/requests, `mock.requests()`). */
  readonly requests: RequestJournal;
  /** Scenarios queued by tests (POST /__mock/scenarios, `mock.scenarios`). */
  readonly scenarios: ScenarioBook;
  /** By session_id: the provider slug, for sticky routing (ResponseRequest.session_id). */
  readonly sessions = new StickySessions();
  /** By key hash: the key. */
  private readonly keys = new Map<string, ApiKeyRecord>();
  /** The Authorization header each open connection last authenticated with (see `acceptedBefore`). */
  private readonly acceptedOn = new WeakMap<object, { readonly header: string; readonly record: ApiKeyRecord }>();
  /**
   * Tokens that named a key, so a new connection with a known key is not hashed again. Only real
   * keys get here (as many as the fixtures list); a guess is looked up by the hash of its whole
   * text and compared only on a 32-bit hash match, so it learns nothing from the time taken.
   */
  private readonly acceptedTokens = new Map<string, ApiKeyRecord>();
  private guardrails = new Map<string, GuardrailState>();
  private responseCount = 0;

  /**
   * `apiBasePath`: the path of the spec's server address, which model links start with.
   * `sha256`: the runtime's fastest synchronous SHA-256, for key hashes and response ids.
   * `operations`: what scenarios may match; `journalLimit`: how many requests the journal keeps.
   */
  constructor(
    readonly fixtures: Fixtures,
    apiBasePath: string,
    readonly sha256: Sha256 = portableSha256,
    { operations = new Map(), journalLimit, inputText }: StoreSettings = {},
  ) {
    this.requests = new RequestJournal(journalLimit);
    this.scenarios = new ScenarioBook(operations, inputText);
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
    this.scenarios.clear();
    this.responseCount = 0;
  }

  /** Sequence number of the next response: ids derive from it, so they repeat after a reset. */
  nextResponseNumber(): number {
    return this.responseCount++;
  }

  /**
   * Finds the key a bearer token names. A token not accepted before is hashed, so lookup time
   * depends on the hash, not on how much of a real key the caller guessed; the final compare is
   * constant-time.
   * With `connection` and the Authorization `header` the token came in, an accepted header is
   * remembered for that connection (see `acceptedBefore`).
   */
  authenticate(token: string, connection?: object, header?: string): ApiKeyRecord | undefined {
    const stored = this.acceptedTokens.get(token) ?? this.hashedKey(token);
    if (!stored) return undefined;
    if (connection && header !== undefined) this.acceptedOn.set(connection, { header, record: stored });
    return stored;
  }

  private hashedKey(token: string): ApiKeyRecord | undefined {
    const hash = hashKey(token, this.sha256);
    const stored = this.keys.get(hash);
    if (!stored || !sameText(stored.hash, hash)) return undefined;
    this.acceptedTokens.set(token, stored);
    return stored;
  }

  /**
   * The key `connection` was accepted with when `header` is, character for character, the
   * Authorization header it was accepted with: a keep-alive client sends the same header with
   * every request, and comparing it, in constant time, costs a fraction of parsing and hashing it.
   * Any other header is undefined here and is checked afresh.
   */
  acceptedBefore(connection: object, header: string): ApiKeyRecord | undefined {
    const remembered = this.acceptedOn.get(connection);
    return remembered && sameText(header, remembered.header) ? remembered.record : undefined;
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
