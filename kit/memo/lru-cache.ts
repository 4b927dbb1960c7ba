/**
 * A Map bounded to `capacity` entries that forgets the least recently used one when full. For
 * memos of pure functions on the hot paths (token counts, validated bodies): bounded, so a client
 * sending a different body every time costs a fixed amount of memory, never more.
 */
export class LruCache<K, V> {
  readonly #entries = new Map<K, V>();
  /** The most recently used entry: a client repeating one request finds it without touching the Map. */
  #newest: { readonly key: K; readonly value: V } | undefined;

  constructor(readonly capacity: number) {}

  /** The value, now the most recently used; undefined when absent. */
  get(key: K): V | undefined {
    const newest = this.#newest;
    if (newest !== undefined && newest.key === key) return newest.value;
    const value = this.#entries.get(key);
    if (value === undefined) return undefined;
    // A Map iterates in insertion order: re-inserting moves the entry to the recent end.
    this.#entries.delete(key);
    this.#entries.set(key, value);
    this.#newest = { key, value };
    return value;
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    this.#newest = { key, value };
    if (this.#entries.size > this.capacity) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) {
        this.#entries.delete(oldest.value);
        if (this.#newest?.key === oldest.value) this.#newest = undefined;
      }
    }
  }

  get size(): number {
    return this.#entries.size;
  }
}
