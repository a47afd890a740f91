/**
 * A list of indices refilled in place every step (the props a step moved). A JavaScript array
 * emptied with `length = 0` gives its storage back, and the next step's pushes grow it anew — a
 * few hundred props moving in a crowd made that a reallocation cascade a step. This keeps its
 * buffer and only ever grows it.
 */
export class IndexList {
  private items: Int32Array;
  /** How many indices it holds. */
  length = 0;

  constructor(capacity = 16) {
    this.items = new Int32Array(Math.max(1, capacity));
  }

  push(index: number): void {
    if (this.length === this.items.length) {
      const grown = new Int32Array(this.items.length * 2);
      grown.set(this.items);
      this.items = grown;
    }
    this.items[this.length] = index;
    this.length += 1;
  }

  /** The `k`-th index pushed since the last clear. */
  at(k: number): number {
    if (k < 0 || k >= this.length) throw new RangeError(`index list: no entry ${k} of ${this.length}`);
    return this.items[k];
  }

  clear(): void {
    this.length = 0;
  }

  toArray(): number[] {
    return Array.from(this.items.subarray(0, this.length));
  }
}
