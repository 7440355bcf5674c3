// A Map with a size cap that forgets the least recently used entry first: the shape of every cache an isolate keeps
// across requests (placements, refused addresses), so none grows with traffic. A deployed isolate has 128 MB
// (Workers limits); a Map's insertion order is the recency order (a hit moves its entry to the end).
export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error("an LRU cache needs a capacity of at least 1");
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value, made the most recently used. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Sets the value as the most recently used; over capacity, the least recently used entry goes. */
  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
