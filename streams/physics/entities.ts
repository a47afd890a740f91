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

/** What a collider kind is: the runtime sorts contacts and filters queries by these, not by the kind's name. */
interface EntityRole {
  /** Reports crossings and never touches (an area). */
  readonly sensor: boolean;
  /** Never moves, so it never enters an area (terrain, an area). */
  readonly fixed: boolean;
  /** A prop's dynamic body. */
  readonly prop: boolean;
  /** A stickman's collider: its kinematic proxy while it stands, a ragdoll body while it is down. */
  readonly stickman: 'proxy' | 'ragdoll' | null;
}

const ENTITY_ROLES: { readonly [K in EntityKind]: EntityRole } = {
  terrain: { sensor: false, fixed: true, prop: false, stickman: null },
  prop: { sensor: false, fixed: false, prop: true, stickman: null },
  area: { sensor: true, fixed: true, prop: false, stickman: null },
  proxy: { sensor: false, fixed: false, prop: false, stickman: 'proxy' },
  ragdoll: { sensor: false, fixed: false, prop: false, stickman: 'ragdoll' },
};

/**
 * A kind's role, picked by a switch: `ENTITY_ROLES[kind]` is a lookup by a name that varies from
 * call to call (a megamorphic keyed load), made several times for each of the ~400 contacts a
 * crowd's step drains.
 */
function roleOf(kind: EntityKind): EntityRole {
  switch (kind) {
    case 'terrain':
      return ENTITY_ROLES.terrain;
    case 'prop':
      return ENTITY_ROLES.prop;
    case 'area':
      return ENTITY_ROLES.area;
    case 'proxy':
      return ENTITY_ROLES.proxy;
    case 'ragdoll':
      return ENTITY_ROLES.ragdoll;
  }
}

export const isSensor = (e: ColliderEntity): boolean => roleOf(e.kind).sensor;
export const isFixed = (e: ColliderEntity): boolean => roleOf(e.kind).fixed;
export const isPropBody = (e: ColliderEntity): boolean => roleOf(e.kind).prop;
/** Any collider of a stickman, standing or down. */
export const isStickmanPart = (e: ColliderEntity): boolean => roleOf(e.kind).stickman !== null;
export const isProxy = (e: ColliderEntity): boolean => roleOf(e.kind).stickman === 'proxy';
export const isRagdollBody = (e: ColliderEntity): boolean => roleOf(e.kind).stickman === 'ragdoll';

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
  /** |v_b − v_a| in px/s as the step began: the speed the two met with (./measuredContact). */
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
