/** A `Storage` in memory for autosave and breakpoint tests; `failing` makes writes throw like a full quota. */
export class MemoryStorage implements Storage {
  readonly data = new Map<string, string>();
  failing = false;
  get length() {
    return this.data.size;
  }
  clear() {
    this.data.clear();
  }
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  key(i: number) {
    return [...this.data.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
  setItem(k: string, v: string) {
    if (this.failing) throw new Error('quota exceeded');
    this.data.set(k, v);
  }
}
