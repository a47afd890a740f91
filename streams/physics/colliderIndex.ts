/**
 * What each live collider stands for, looked up by its Rapier handle without hashing it. A
 * handle is a float whose bits are the arena slot (low 32) and its generation (high 32); most
 * are denormals, and a `Map` keyed by them cost a crowd's contact drain ~0.4 µs a lookup (two a
 * contact event, ~130 events a step among 100 walkers, the map's 1,600 entries cold). Here the
 * slot indexes an array and the whole handle is compared, so a reused slot (Rapier hands a freed
 * slot out again with the next generation) never answers for the collider that held it before.
 *
 * The `Map` stays the truth (keyframes save it); every change to it goes through here, so the
 * index follows it.
 */
import type { ColliderEntity } from './entities';

const bits = new Float64Array(1);
const words = new Uint32Array(bits.buffer);

/** The arena slot of a Rapier handle (its low 32 bits; little-endian, as wasm is). */
const slotOf = (handle: number): number => {
  bits[0] = handle;
  return words[0];
};

export class ColliderIndex {
  /** Per slot, the handle that holds it now (NaN: none) and what it stands for. */
  private handles = new Float64Array(64).fill(NaN);
  private entities: Array<ColliderEntity | undefined> = [];

  constructor(private readonly truth: Map<number, ColliderEntity>) {
    this.reindex();
  }

  /** What the live collider `handle` stands for, or undefined (never registered, or removed). */
  get(handle: number): ColliderEntity | undefined {
    const slot = slotOf(handle);
    // A handle compared as a float: NaN (an empty slot) equals nothing.
    return slot < this.handles.length && this.handles[slot] === handle ? this.entities[slot] : undefined;
  }

  /** Is `handle` a collider still in the world (registered and not removed since)? */
  has(handle: number): boolean {
    return this.get(handle) !== undefined;
  }

  set(handle: number, entity: ColliderEntity): void {
    this.truth.set(handle, entity);
    this.place(handle, entity);
  }

  delete(handle: number): void {
    this.truth.delete(handle);
    const slot = slotOf(handle);
    if (slot < this.handles.length && this.handles[slot] === handle) {
      this.handles[slot] = NaN;
      this.entities[slot] = undefined;
    }
  }

  clear(): void {
    this.truth.clear();
    this.reindex();
  }

  /** Holds exactly `entries` from now on (a keyframe restored: the same handles in a new world). */
  replaceAll(entries: ReadonlyMap<number, ColliderEntity>): void {
    this.truth.clear();
    for (const [handle, entity] of entries) this.truth.set(handle, entity);
    this.reindex();
  }

  private reindex(): void {
    this.handles.fill(NaN);
    this.entities = [];
    for (const [handle, entity] of this.truth) this.place(handle, entity);
  }

  private place(handle: number, entity: ColliderEntity): void {
    const slot = slotOf(handle);
    if (slot >= this.handles.length) {
      let size = this.handles.length;
      while (size <= slot) size *= 2;
      const grown = new Float64Array(size).fill(NaN);
      grown.set(this.handles);
      this.handles = grown;
    }
    this.handles[slot] = handle;
    this.entities[slot] = entity;
  }
}
