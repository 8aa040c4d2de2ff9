/**
 * A small LRU cache for answers computed from published lists: a published list never changes (the
 * database refuses it), so an answer about it stays true for ever and needs no invalidation. Answers that
 * involve a draft must not be cached.
 */
export class ImmutableCache<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly capacity: number) {}

  async getOrCompute(key: string, compute: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const value = await compute();
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}
