/** What a Rapier collider stands for on the stage. Collider handles are reused after removal, so this map is cleared on removal. */
export type EntityKind = 'terrain' | 'prop' | 'area' | 'proxy' | 'ragdoll';

export interface ColliderEntity {
  id: string;
  kind: EntityKind;
  /** For stickman collision proxies: the rig part name (seed phase 4.5). */
  part?: string;
  /** Document order of the object: a deterministic tie-breaker for event ordering. */
  order: number;
}

export type Vec2 = [number, number];

/** Geometry fields are read from the physics world on first access and stay valid until the next step. */
export interface ContactEvent {
  type: 'started' | 'stopped';
  a: ColliderEntity;
  b: ColliderEntity;
  /** World-space unit normal pointing from `a` to `b` (zero when unknown, e.g. on stop). */
  normal: Vec2;
  /** World-space contact point in stage pixels (midpoint of the bodies when unknown). */
  point: Vec2;
  /** |v_b − v_a| in px/s, read right after the step that produced the event. */
  relativeSpeed: number;
}

export interface AreaEvent {
  type: 'entered' | 'exited';
  area: ColliderEntity;
  other: ColliderEntity;
}

export interface RayHit {
  entity: ColliderEntity;
  point: Vec2;
  normal: Vec2;
  distance: number;
}

export interface ShapeCastHit {
  entity: ColliderEntity;
  /** Fraction of the requested motion that is free (0..1). */
  fraction: number;
  point: Vec2;
  normal: Vec2;
}

export type QueryShape =
  | { kind: 'circle'; radius: number }
  | { kind: 'box'; halfExtents: Vec2 }
  | { kind: 'capsule'; halfHeight: number; radius: number };
