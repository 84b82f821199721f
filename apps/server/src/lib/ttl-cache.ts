/** A small map whose entries expire; bounded so a flood of keys cannot grow it without end. */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; expires: number }>();
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 50_000,
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: K, value: V): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  deleteWhere(predicate: (key: K, value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (predicate(key, entry.value)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
