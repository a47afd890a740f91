/** A fixed-capacity ring: pushing past capacity overwrites the oldest item, in O(1). */
export class BoundedRing<T> {
  private readonly items: (T | undefined)[];
  private start = 0;
  private count = 0;
  /** Items overwritten since the ring was created or cleared. */
  evicted = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error(`ring capacity must be a positive integer, got ${capacity}`);
    this.items = new Array<T | undefined>(capacity);
  }

  get size(): number {
    return this.count;
  }

  push(item: T): void {
    if (this.count < this.capacity) {
      this.items[(this.start + this.count) % this.capacity] = item;
      this.count += 1;
      return;
    }
    this.items[this.start] = item;
    this.start = (this.start + 1) % this.capacity;
    this.evicted += 1;
  }

  /** The i-th newest item (0 = the newest). */
  newest(i: number): T | undefined {
    if (i < 0 || i >= this.count) return undefined;
    return this.items[(this.start + this.count - 1 - i) % this.capacity];
  }

  /** Keeps only the items `keep` accepts, in order (what was evicted stays counted). */
  keepWhere(keep: (item: T) => boolean): void {
    const kept: T[] = [];
    for (let i = this.count - 1; i >= 0; i -= 1) {
      const item = this.newest(i)!;
      if (keep(item)) kept.push(item);
    }
    const evicted = this.evicted;
    this.clear();
    for (const item of kept) this.push(item);
    this.evicted = evicted;
  }

  clear(): void {
    this.items.fill(undefined);
    this.start = 0;
    this.count = 0;
    this.evicted = 0;
  }
}
