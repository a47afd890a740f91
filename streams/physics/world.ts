/**
 * The physics adapter: the stage in pixels on the outside, a Rapier world in meters inside.
 * Owns every body, collider and the event queue, and frees them explicitly on dispose.
 */
import type { AreaObject, PropObject, TerrainObject } from '../../core/scene/schema';
import type { ResolvedProp } from '../../core/props/resolve';
import type { IndexList } from '../../core/data/indexList';
import { propColliderDesc, proxyColliderDesc, terrainColliderDescs } from './colliderDescs';
import { RAPIER, stepRigidWorld } from './rapier';
import { buildRagdoll, freeRagdoll, readRagdoll, type BuiltRagdoll } from './ragdollBodies';
import { hold, localPoint, moveHold, releaseHold, type GrabHold } from './grab';
import type { RagdollBlueprint } from '../../core/ragdoll/blueprint';
import type { StepModel } from '../../core/props/throwIntegrator';
import { RAGDOLL_SLOTS } from '../../core/ragdoll/constants';
import { MAX_PUSH_MASS } from '../../core/locomotion/constants';
import { chooseRagdollSlot } from '../../core/ragdoll/slots';
import { toMeters, toPixels } from './units';
import { fromHandles, restoreWorld, toHandles, type PhysicsState } from './worldState';
import { MeasuredContact } from './measuredContact';
import { ColliderIndex } from './colliderIndex';
import { StartVelocities } from './startVelocities';
import { isFixed, isPropBody, isSensor, isStickmanPart, type AreaEvent, type ColliderEntity, type ContactEvent, type QueryShape, type RayHit, type ShapeCastHit, type Vec2 } from './entities';

type Collider = InstanceType<typeof RAPIER.Collider>;
type RigidBody = InstanceType<typeof RAPIER.RigidBody>;

export interface BodyState {
  position: Vec2;
  rotation: number;
  velocity: Vec2;
  angularVelocity: number;
}

/** Live worlds across the process: a leak check for PLAY/RESET cycles. */
let liveWorlds = 0;
export const liveWorldCount = (): number => liveWorlds;
/**
 * Worlds the engine panicked in and could not free (their WASM memory stays taken): a panic
 * inside a step leaves the world borrowed for good, so `free()` throws. Disposed all the same.
 */
let lostWorlds = 0;
export const lostWorldCount = (): number => lostWorlds;

/**
 * The physics engine failed inside a step (a Rust panic: `RuntimeError: unreachable`, or a world
 * already broken by one). The world cannot be used again; disposing it is still safe.
 */
export class PhysicsEngineError extends Error {
  constructor(cause: unknown) {
    super(`the physics engine failed (${String((cause as Error)?.message ?? cause)})`, { cause });
    this.name = 'PhysicsEngineError';
  }
}

/** Where `readPoses` has Rapier write each body's translation (not a new vector per awake prop per step). */
const readAt = { x: 0, y: 0 };

/** The translation each proxy is given in `setPartPoses` (see there). */
const PART_TRANSLATION = { x: 0, y: 0 };

export class PhysicsWorld {
  private world: InstanceType<typeof RAPIER.World>;
  private events: InstanceType<typeof RAPIER.EventQueue>;
  /** What each collider stands for: the map keyframes keep, and its index the hot paths read. */
  private readonly entityByCollider = new Map<number, ColliderEntity>();
  private readonly entities = new ColliderIndex(this.entityByCollider);
  private readonly bodyById = new Map<string, RigidBody>();
  private disposed = false;
  /** The engine panicked in a step: nothing may touch the world again but dispose. */
  private broken: PhysicsEngineError | null = null;
  private pendingContacts: ContactEvent[] = [];
  private pendingAreas: AreaEvent[] = [];
  /** How fast each prop moved as the step under way began: what its new contacts met it with. */
  private readonly startVelocities = new StartVelocities();

  constructor(gravity: Vec2) {
    this.world = new RAPIER.World({ x: toMeters(gravity[0]), y: toMeters(gravity[1]) });
    this.world.timestep = 1 / 60;
    this.events = new RAPIER.EventQueue(true);
    liveWorlds += 1;
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  addTerrain(t: TerrainObject, order: number): void {
    const body = this.world.createRigidBody(RAPIER.RigidBodyDesc.fixed());
    const entity: ColliderEntity = { id: t.id, kind: 'terrain', order };
    for (const desc of terrainColliderDescs(t)) this.register(this.world.createCollider(desc, body), entity);
    this.bodyById.set(t.id, body);
    this.bodiesByIds = null;
  }

  addProp(p: PropObject, def: ResolvedProp, order: number): void {
    assertFinite(`prop "${p.id}" position`, p.position[0], p.position[1], p.rotation);
    const bodyDesc = RAPIER.RigidBodyDesc.dynamic()
      .setTranslation(toMeters(p.position[0]), toMeters(p.position[1]))
      .setRotation(p.rotation)
      .setGravityScale(def.gravity_scale)
      .setCanSleep(true);
    const body = this.world.createRigidBody(bodyDesc);
    this.register(this.world.createCollider(propColliderDesc(def, p.id), body), { id: p.id, kind: 'prop', order });
    this.bodyById.set(p.id, body);
    this.bodiesByIds = null;
    if (def.mass > MAX_PUSH_MASS) this.heavyProps.add(p.id);
  }

  /** Props too heavy for a walk to push (MAX_PUSH_MASS), by id: fixed by the document. */
  private readonly heavyProps = new Set<string>();

  /** Is `id` a prop no walk pushes? */
  isHeavyProp(id: string): boolean {
    return this.heavyProps.has(id);
  }

  /** Are there any such props on this stage (most stages have none: no query is needed)? */
  get hasHeavyProps(): boolean {
    return this.heavyProps.size > 0;
  }

  addArea(a: AreaObject, order: number): void {
    const body = this.world.createRigidBody(
      RAPIER.RigidBodyDesc.fixed()
        .setTranslation(toMeters(a.position[0]), toMeters(a.position[1]))
        .setRotation(a.rotation ?? 0),
    );
    const desc = RAPIER.ColliderDesc.cuboid(toMeters(a.size[0] / 2), toMeters(a.size[1] / 2))
      .setSensor(true)
      .setActiveEvents(RAPIER.ActiveEvents.COLLISION_EVENTS)
      // Stickman proxies are kinematic: without KINEMATIC_FIXED they never trigger fixed sensors.
      .setActiveCollisionTypes(RAPIER.ActiveCollisionTypes.DEFAULT | RAPIER.ActiveCollisionTypes.KINEMATIC_FIXED);
    this.register(this.world.createCollider(desc, body), { id: a.id, kind: 'area', order });
    this.bodyById.set(a.id, body);
    this.bodiesByIds = null;
  }

  /**
   * Adds one kinematic body per part (stickman proxies). Separate bodies, moved with
   * setNextKinematic*, give each part a real velocity so props are pushed, not teleported through.
   */
  addKinematicParts(id: string, parts: Array<{ part: string; shape: QueryShape }>, order: number): void {
    for (const p of parts) {
      const body = this.world.createRigidBody(RAPIER.RigidBodyDesc.kinematicPositionBased());
      const collider = this.world.createCollider(proxyColliderDesc(p.shape), body);
      this.register(collider, { id, kind: 'proxy', part: p.part, order });
      const list = this.partBodyList.get(id) ?? [];
      list.push(body);
      this.partBodyList.set(id, list);
    }
  }

  /** The kinematic bodies of one object's parts, in the order they were added. */
  private readonly partBodyList = new Map<string, RigidBody[]>();

  /**
   * Sets where each part of `id` will be after the next step: `poses` holds x, y (stage px) and
   * rotation per part, in the order the parts were added. `teleport` places them now.
   */
  setPartPoses(id: string, poses: Float64Array, teleport = false): void {
    const bodies = this.partBodyList.get(id);
    if (!bodies) return;
    for (let i = 0; i < bodies.length; i += 1) {
      const x = poses[i * 3];
      const y = poses[i * 3 + 1];
      const r = poses[i * 3 + 2];
      if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(r)) {
        throw new Error(`${id} part ${i} pose is not finite (${x}, ${y}, ${r}); refusing to pass it to physics`);
      }
      const b = bodies[i];
      // Rapier reads the vector during the call only: one scratch vector serves every part.
      const t = PART_TRANSLATION;
      t.x = toMeters(x);
      t.y = toMeters(y);
      if (teleport) {
        b.setTranslation(t, true);
        b.setRotation(r, true);
      }
      b.setNextKinematicTranslation(t);
      b.setNextKinematicRotation(r);
    }
  }

  /**
   * Takes a body (a prop that left the stage) out of the world with its colliders. Handle maps
   * are cleared first: Rapier reuses a freed handle for the next body (API-NOTES).
   */
  removeBody(id: string): void {
    const body = this.bodyById.get(id);
    if (!body) return;
    if (this.heldGrab?.body === body) this.endGrab(null);
    this.holds.delete(id);
    this.bodyById.delete(id);
    // A prop leaving the stage is common (a crowd kicks them off): its slot empties, the rest stay.
    const known = this.bodiesByIds;
    if (known) for (let i = 0; i < known.bodies.length; i += 1) if (known.bodies[i] === body) known.bodies[i] = undefined;
    this.forgetBody(body);
  }

  // ── ragdolls ─────────────────────────────────────────────────────────────────────────────
  private readonly ragdolls = new Map<string, BuiltRagdoll>();

  /**
   * Builds `id`'s ragdoll from its blueprint. Its colliders are tagged kind 'ragdoll' (with the
   * part), so the stage can refuse their contacts explicitly. Takes the first collision slot no
   * live ragdoll holds; past RAGDOLL_SLOTS live ragdolls it shares the slot of the ones farthest
   * away (core/ragdoll/slots).
   */
  addRagdoll(id: string, blueprint: RagdollBlueprint, order: number): void {
    this.assertAlive();
    this.removeRagdoll(id);
    for (const b of blueprint.bodies) assertFinite(`ragdoll "${id}" ${b.part}`, b.center[0], b.center[1], b.angle, b.velocity[0], b.velocity[1], b.angularVelocity);
    const holders = [...this.ragdolls.values()].map((r) => {
      const t = r.bodies[0].translation();
      return { slot: r.slot, position: [toPixels(t.x), toPixels(t.y)] as Vec2 };
    });
    const built = buildRagdoll(this.world, blueprint, chooseRagdollSlot(holders, blueprint.bodies[0].center, RAGDOLL_SLOTS));
    built.colliders.forEach((c, i) => this.register(c, { id, kind: 'ragdoll', part: blueprint.bodies[i].part, order }));
    this.ragdolls.set(id, built);
  }

  hasRagdoll(id: string): boolean {
    return this.ragdolls.has(id);
  }

  /**
   * Ragdoll body poses (x, y px, rotation per part) into `out`; whether it is asleep and still.
   * `known`: `out` holds the last read, so a sleeping ragdoll need not be read again.
   */
  readRagdoll(id: string, out: Float64Array, known = false, dt = 1 / 60): ReturnType<typeof readRagdoll> | null {
    const r = this.ragdolls.get(id);
    return r ? readRagdoll(r, out, known, dt) : null;
  }

  /** Frees `id`'s ragdoll: joints, then bodies; handle maps cleared first (handles are reused). */
  removeRagdoll(id: string): void {
    const r = this.ragdolls.get(id);
    if (!r) return;
    // A grab on one of its parts goes with it (its joint would be removed with the body anyway).
    if (this.heldGrab && r.bodies.includes(this.heldGrab.body)) this.endGrab(null);
    this.ragdolls.delete(id);
    // Removed bodies send Rapier no stop events we could map: say now which areas they leave.
    for (const c of r.colliders) this.leaveAreas(c);
    for (const c of r.colliders) this.entities.delete(c.handle);
    freeRagdoll(this.world, r);
  }

  /** An `exited` crossing for every area collider `c` overlaps (it is about to leave the world). */
  private leaveAreas(c: Collider): void {
    const other = this.entities.get(c.handle);
    if (!other) return;
    this.world.intersectionPairsWith(c, (c2) => {
      const area = this.entities.get(c2.handle);
      if (area && isSensor(area)) this.pendingAreas.push({ type: 'exited', area, other });
    });
  }

  /** One ragdoll part's body (a grab pulls it), or undefined. */
  ragdollBody(id: string, part: string): RigidBody | undefined {
    const r = this.ragdolls.get(id);
    if (!r) return undefined;
    const i = r.colliders.findIndex((c) => this.entities.get(c.handle)?.part === part);
    return i >= 0 ? r.bodies[i] : undefined;
  }

  // ── props held by a stickman (seed phase 11 §3.2) ───────────────────────────────────────
  private readonly holds = new Map<string, { enabled: boolean[] }>();

  /**
   * A stickman takes hold of prop `id`: kinematic, its colliders off (it cannot snag terrain, its
   * holder's proxies, or raise contacts while held). Never reparented; restored on release.
   */
  holdProp(id: string): boolean {
    const b = this.bodyById.get(id);
    if (!b || !b.isValid() || this.holds.has(id)) return false;
    const enabled: boolean[] = [];
    for (let i = 0; i < b.numColliders(); i += 1) {
      const c = b.collider(i);
      enabled.push(c.isEnabled());
      c.setEnabled(false);
    }
    b.setBodyType(RAPIER.RigidBodyType.KinematicPositionBased, true);
    this.holds.set(id, { enabled });
    return true;
  }

  /** Where the held prop is after the next step (stage px, radians); `teleport` places it now. */
  setHeldPose(id: string, position: Vec2, rotation: number, teleport = false): void {
    assertFinite(`held prop "${id}"`, position[0], position[1], rotation);
    const b = this.bodyById.get(id);
    if (!b || !b.isValid() || !this.holds.has(id)) return;
    const t = { x: toMeters(position[0]), y: toMeters(position[1]) };
    if (teleport) {
      b.setTranslation(t, true);
      b.setRotation(rotation, true);
    }
    b.setNextKinematicTranslation(t);
    b.setNextKinematicRotation(rotation);
  }

  /** Lets go of a held prop: dynamic again, its colliders as they were, moving as given (px/s, rad/s). */
  releaseProp(id: string, velocity: Vec2, angularVelocity: number): void {
    const hold = this.holds.get(id);
    this.holds.delete(id);
    const b = this.bodyById.get(id);
    if (!hold || !b || !b.isValid()) return;
    b.setBodyType(RAPIER.RigidBodyType.Dynamic, true);
    for (let i = 0; i < b.numColliders(); i += 1) b.collider(i).setEnabled(hold.enabled[i] ?? true);
    const v: Vec2 = Number.isFinite(velocity[0]) && Number.isFinite(velocity[1]) ? velocity : [0, 0];
    b.setLinvel({ x: toMeters(v[0]), y: toMeters(v[1]) }, true);
    b.setAngvel(Number.isFinite(angularVelocity) ? angularVelocity : 0, true);
    this.startsMovingAt(id, b);
  }

  isHeld(id: string): boolean {
    return this.holds.has(id);
  }

  // ── the director's grab ──────────────────────────────────────────────────────────────────
  /** The body a grab holds: a prop's, or one part of a ragdoll (`part`). */
  private grabbable(id: string, part?: string): RigidBody | undefined {
    const b = part ? this.ragdollBody(id, part) : this.bodyById.get(id);
    return b && b.isValid() && b.isDynamic() ? b : undefined;
  }

  private heldGrab: GrabHold | null = null;

  /**
   * Takes hold of `id` (a prop, or the ragdoll part `part`) at the stage point `world`. A ragdoll
   * part is held with the whole ragdoll's mass behind it. False if there is nothing to hold.
   */
  startGrab(id: string, part: string | undefined, world: Vec2): boolean {
    assertFinite(`grab of "${id}"`, world[0], world[1]);
    this.endGrab(null);
    const b = this.grabbable(id, part);
    if (!b) return false;
    const ragdoll = part ? this.ragdolls.get(id) : undefined;
    const mass = ragdoll ? ragdoll.bodies.reduce((m, x) => m + x.mass(), 0) : b.mass();
    this.heldGrab = hold(this.world, b, localPoint(b, world), world, mass, ragdoll ? ragdoll.bodies : [b]);
    return true;
  }

  /** Where the cursor holding the grab is after the next step. */
  moveGrab(cursor: Vec2): void {
    assertFinite('grab cursor', cursor[0], cursor[1]);
    if (this.heldGrab) moveHold(this.heldGrab, cursor);
  }

  /** Lets go; `velocity` (px/s, clamped) is what the held body keeps, null to leave it as it is. */
  endGrab(velocity: Vec2 | null): void {
    if (velocity) assertFinite('grab release', velocity[0], velocity[1]);
    const h = this.heldGrab;
    this.heldGrab = null;
    if (!h) return;
    releaseHold(this.world, h, velocity);
    const held = h.body.isValid() && h.body.numColliders() > 0 ? this.entityOf(h.body.collider(0)) : undefined;
    if (held && isPropBody(held)) this.startsMovingAt(held.id, h.body);
  }

  /**
   * Turns `id`'s part bodies (a stickman's proxies) on or off. Off, they leave the simulation:
   * no contacts, no queries. Back on, they continue from the next kinematic targets.
   */
  setPartsEnabled(id: string, enabled: boolean): void {
    for (const b of this.partBodyList.get(id) ?? []) if (b.isValid()) b.setEnabled(enabled);
  }

  /** How many of `id`'s part bodies take part in the simulation now. */
  enabledPartCount(id: string): number {
    return (this.partBodyList.get(id) ?? []).filter((b) => b.isValid() && b.isEnabled()).length;
  }

  /** Takes every part body of `id` (a stickman's proxies) out of the world. */
  removeParts(id: string): void {
    const bodies = this.partBodyList.get(id);
    if (!bodies) return;
    this.partBodyList.delete(id);
    for (const b of bodies) this.forgetBody(b);
  }

  private forgetBody(body: RigidBody): void {
    if (!body.isValid()) return;
    for (let i = 0; i < body.numColliders(); i += 1) this.entities.delete(body.collider(i).handle);
    this.world.removeRigidBody(body);
  }

  /**
   * How this world moves a free prop each step (for the throw solver and its previews): the
   * timestep, the solver's substeps, and no linear damping (props are created without any).
   */
  propStepModel(): StepModel {
    return { dt: this.world.timestep, substeps: this.world.numSolverIterations, linearDamping: 0 };
  }

  // ── a thrown prop clears its thrower ───────────────────────────────────────────────────
  /**
   * Props that ignore one stickman's body for a few more steps (a throw leaving the hand, a drop):
   * its proxies, or its ragdoll's bodies when it let go because it went down.
   */
  private readonly clearing = new Map<string, { rig: string; steps: number }>();
  private readonly hooks = {
    filterContactPair: (h1: number, h2: number): number | null => {
      const a = this.entities.get(h1);
      const b = this.entities.get(h2);
      const ignored = (p?: ColliderEntity, q?: ColliderEntity) => !!p && isPropBody(p) && !!q && isStickmanPart(q) && this.clearing.get(p.id)?.rig === q.id;
      return ignored(a, b) || ignored(b, a) ? null : RAPIER.SolverFlags.COMPUTE_IMPULSE;
    },
    filterIntersectionPair: (): boolean => true,
  };

  /**
   * For `steps` steps prop `id` passes through stickman `rig`'s proxies and ragdoll: a thrown prop
   * leaving the hand must not be shoved (or flinch, or fire a rule) by the sweeping forearm that
   * threw it, nor a dropped one by the falling limbs that held it a step ago.
   */
  clearOf(id: string, rig: string, steps: number): void {
    const b = this.bodyById.get(id);
    if (!b || !b.isValid()) return;
    for (let i = 0; i < b.numColliders(); i += 1) b.collider(i).setActiveHooks(RAPIER.ActiveHooks.FILTER_CONTACT_PAIRS);
    this.clearing.set(id, { rig, steps });
  }

  private tickClearing(): void {
    for (const [id, c] of [...this.clearing]) {
      c.steps -= 1;
      if (c.steps > 0) continue;
      this.clearing.delete(id);
      const b = this.bodyById.get(id);
      if (b && b.isValid()) for (let i = 0; i < b.numColliders(); i += 1) b.collider(i).setActiveHooks(RAPIER.ActiveHooks.NONE);
    }
  }

  step(): void {
    this.assertAlive();
    this.startVelocities.beginStep();
    try {
      if (this.clearing.size > 0) stepRigidWorld(this.world, this.events, this.hooks);
      else stepRigidWorld(this.world, this.events);
    } catch (e) {
      this.broken = new PhysicsEngineError(e);
      throw this.broken;
    }
    if (this.clearing.size > 0) this.tickClearing();
    this.events.drainCollisionEvents((h1, h2, started) => this.collect(h1, h2, started));
  }

  /** Contacts and area crossings produced by the last step, in a deterministic order. */
  takeEvents(): { contacts: ContactEvent[]; areas: AreaEvent[] } {
    const out = { contacts: this.pendingContacts, areas: this.pendingAreas };
    this.pendingContacts = [];
    this.pendingAreas = [];
    return out;
  }

  bodyState(id: string): BodyState | undefined {
    const b = this.bodyById.get(id);
    if (!b || !b.isValid()) return undefined;
    const t = b.translation();
    const v = b.linvel();
    return {
      position: [toPixels(t.x), toPixels(t.y)],
      rotation: b.rotation(),
      velocity: [toPixels(v.x), toPixels(v.y)],
      angularVelocity: b.angvel(),
    };
  }

  /**
   * Writes x, y (px) and rotation of the given bodies into `out` (3 numbers each): the per-step
   * read that frames and the non-finite check need, without allocating a state object per body.
   * It also notes each body's velocity as the next step will begin (./startVelocities: a sleeping
   * or missing body's is 0), which that step's new contacts are measured against. `read`, when
   * given, is refilled with the indices whose pose was read (ascending): only those can have moved.
   */
  readPoses(ids: readonly string[], out: Float64Array, skipSleeping = false, read?: IndexList): void {
    const bodies = this.bodiesOf(ids);
    const velocities = this.startVelocities.nextFor(ids);
    read?.clear();
    for (let i = 0; i < ids.length; i += 1) {
      const b = bodies[i];
      const asleep = b?.isSleeping() ?? true;
      noteStartVelocity(velocities, i, asleep ? undefined : b);
      // A sleeping body has not moved since it was last read: its pose in `out` still holds.
      if (!b || (asleep && skipSleeping)) continue;
      const t = b.translation(readAt);
      out[i * 3] = toPixels(t.x);
      out[i * 3 + 1] = toPixels(t.y);
      out[i * 3 + 2] = b.rotation();
      read?.push(i);
    }
  }

  /**
   * The bodies of `ids` (undefined where there is none), looked up once for as long as no body is
   * added (a removed one's slot is emptied): `readPoses` runs every step over the same 500 prop
   * ids, and a lookup by id in the map was most of its time.
   */
  private bodiesOf(ids: readonly string[]): ReadonlyArray<RigidBody | undefined> {
    const known = this.bodiesByIds;
    // The same array grown in place (a stage still being built) is looked up again.
    if (known && known.ids === ids && known.bodies.length === ids.length) return known.bodies;
    const bodies = ids.map((id) => this.bodyById.get(id));
    this.bodiesByIds = { ids, bodies };
    return bodies;
  }

  /** `bodiesOf`'s last answer, kept in step with `bodyById` (a removed body's wrapper must never be touched again). */
  private bodiesByIds: { ids: readonly string[]; bodies: Array<RigidBody | undefined> } | null = null;

  setBodyVelocity(id: string, velocity: Vec2): void {
    const b = this.bodyById.get(id);
    if (!b) return;
    assertFinite(`${id} velocity`, velocity[0], velocity[1]);
    b.setLinvel({ x: toMeters(velocity[0]), y: toMeters(velocity[1]) }, true);
    this.startsMovingAt(id, b);
  }

  /** Prop `id`'s velocity was just set: the next step begins with it (as Rapier holds it). */
  private startsMovingAt(id: string, b: RigidBody): void {
    const v = b.linvel(readAt);
    this.startVelocities.set(id, toPixels(v.x), toPixels(v.y));
  }

  /** Ray cast in stage pixels. `exclude` lists object ids whose colliders are ignored. */
  castRay(origin: Vec2, direction: Vec2, maxDistance: number, exclude: readonly string[] = [], kinds?: readonly ColliderEntity['kind'][]): RayHit | null {
    const len = Math.hypot(direction[0], direction[1]);
    if (!(len > 0) || !Number.isFinite(maxDistance)) return null;
    const dir = { x: direction[0] / len, y: direction[1] / len };
    const ray = new RAPIER.Ray({ x: toMeters(origin[0]), y: toMeters(origin[1]) }, dir);
    const hit = this.world.castRayAndGetNormal(ray, toMeters(maxDistance), true, undefined, undefined, undefined, undefined,
      (c) => this.accepts(c, exclude, kinds));
    if (!hit) return null;
    const entity = this.entities.get(hit.collider.handle);
    if (!entity) return null;
    const d = toPixels(hit.timeOfImpact);
    return { entity, distance: d, point: [origin[0] + dir.x * d, origin[1] + dir.y * d], normal: [hit.normal.x, hit.normal.y] };
  }

  /** Shape cast in stage pixels along `motion`; returns the first hit and the free fraction of the motion. */
  castShape(shape: QueryShape, position: Vec2, rotation: number, motion: Vec2, exclude: readonly string[] = [], kinds?: readonly ColliderEntity['kind'][]): ShapeCastHit | null {
    const s = queryShape(shape);
    const hit = this.world.castShape(
      { x: toMeters(position[0]), y: toMeters(position[1]) }, rotation,
      { x: toMeters(motion[0]), y: toMeters(motion[1]) }, s, 0, 1, true,
      undefined, undefined, undefined, undefined, (c) => this.accepts(c, exclude, kinds));
    if (!hit) return null;
    const entity = this.entities.get(hit.collider.handle);
    if (!entity) return null;
    return {
      entity,
      fraction: hit.time_of_impact,
      point: [toPixels(hit.witness1.x), toPixels(hit.witness1.y)],
      normal: [hit.normal1.x, hit.normal1.y],
    };
  }

  // ── Read-only query access for streams/physics/sweep.ts (airborne sweep, seed 6a §5.1) ──────

  /** The Rapier world, for read-only queries made by the other streams/physics modules. */
  get queryWorld(): InstanceType<typeof RAPIER.World> {
    this.assertAlive();
    return this.world;
  }

  /** The live colliders of one object's parts (a stickman's proxies), in the order they were added. */
  partColliders(id: string): Collider[] {
    const bodies = this.partBodyList.get(id);
    if (!bodies) return [];
    const out: Collider[] = [];
    for (const b of bodies) if (b.isValid() && b.numColliders() > 0) out.push(b.collider(0));
    return out;
  }

  /** What a collider stands for, or undefined when it is not (or no longer) registered. */
  entityOf(collider: Collider): ColliderEntity | undefined {
    return this.entities.get(collider.handle);
  }

  // ── end of sweep query access ────────────────────────────────────────────────────────────────

  // ── keyframes (issue 14) ─────────────────────────────────────────────────────────────────
  /** The adapter's fields that are state (the rest is wiring: the world, its queue, the hooks). */
  private stateFields() {
    return { entityByCollider: this.entityByCollider, bodyById: this.bodyById, partBodyList: this.partBodyList, ragdolls: this.ragdolls, holds: this.holds, heldGrab: this.heldGrab, clearing: this.clearing };
  }

  /** This world between two steps, as data (./worldState). */
  saveState(): PhysicsState {
    this.assertAlive();
    if (this.pendingContacts.length > 0 || this.pendingAreas.length > 0) throw new Error('physics state saved with contacts not yet taken');
    return { bytes: this.world.takeSnapshot(), data: toHandles(this.stateFields()) as Record<string, unknown> };
  }

  /** Becomes the world `state` was saved from: same bodies, same handles, same next step. */
  loadState(state: PhysicsState): void {
    this.assertAlive();
    const restored = restoreWorld(state.bytes);
    const data = fromHandles(state.data, restored) as ReturnType<PhysicsWorld['stateFields']>;
    this.world.free();
    this.world = restored;
    this.pendingContacts = [];
    this.pendingAreas = [];
    const refill = <K, V>(into: Map<K, V>, from: Map<K, V>) => {
      into.clear();
      for (const [k, v] of from) into.set(k, v);
    };
    this.entities.replaceAll(data.entityByCollider);
    refill(this.bodyById, data.bodyById);
    this.bodiesByIds = null;
    refill(this.partBodyList, data.partBodyList);
    refill(this.ragdolls, data.ragdolls);
    refill(this.holds, data.holds);
    refill(this.clearing, data.clearing);
    this.heldGrab = data.heldGrab;
    this.restartVelocities();
  }

  /**
   * After a restore, the next step's start velocities as a step would have left them: each prop's
   * velocity, 0 asleep (a keyframe is saved between steps, after the last step's read and before
   * the next step's commands). The props are those the runtime read before the restore.
   */
  private restartVelocities(): void {
    const ids = this.startVelocities.props;
    const bodies = this.bodiesOf(ids);
    const velocities = this.startVelocities.nextFor(ids);
    for (let i = 0; i < ids.length; i += 1) {
      const b = bodies[i];
      noteStartVelocity(velocities, i, b && !b.isSleeping() ? b : undefined);
    }
  }

  counts(): { bodies: number; colliders: number; joints: number } {
    if (this.disposed) return { bodies: 0, colliders: 0, joints: 0 };
    return { bodies: this.world.bodies.len(), colliders: this.world.colliders.len(), joints: this.world.impulseJoints.len() };
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.entities.clear();
    this.bodyById.clear();
    this.bodiesByIds = null;
    this.partBodyList.clear();
    this.ragdolls.clear();
    this.holds.clear();
    liveWorlds -= 1;
    // A world the engine panicked in stays borrowed: free() would throw, and the world is lost
    // either way. Dispose never throws, so the stage can always be torn down and PLAY again.
    try {
      this.events.free();
      this.world.free();
    } catch (e) {
      if (!this.broken) this.broken = new PhysicsEngineError(e);
      lostWorlds += 1;
    }
  }

  private accepts(c: Collider, exclude: readonly string[], kinds?: readonly ColliderEntity['kind'][]): boolean {
    const e = this.entities.get(c.handle);
    if (!e) return false;
    if (kinds && !kinds.includes(e.kind)) return false;
    return !exclude.includes(e.id);
  }

  private register(c: Collider, entity: ColliderEntity): void {
    this.entities.set(c.handle, entity);
  }

  private assertAlive(): void {
    if (this.disposed) throw new Error('physics world used after dispose');
    if (this.broken) throw this.broken;
  }

  private collect(h1: number, h2: number, started: boolean): void {
    const e1 = this.entities.get(h1);
    const e2 = this.entities.get(h2);
    if (!e1 || !e2 || e1.id === e2.id) return;
    if (isSensor(e1) || isSensor(e2)) {
      const [area, other] = isSensor(e1) ? [e1, e2] : [e2, e1];
      // A ragdoll's bodies count for areas as its proxies do (DESIGN.md §7): down inside an area is still inside.
      if (isFixed(other)) return;
      this.pendingAreas.push({ type: started ? 'entered' : 'exited', area, other });
      return;
    }
    // Order the pair deterministically (document order, then part name) so `a` is stable run to run.
    const swap = e1.order > e2.order || (e1.order === e2.order && (e1.part ?? '') > (e2.part ?? ''));
    const type = started ? 'started' : 'stopped';
    const starts = this.startVelocities;
    this.pendingContacts.push(swap ? new MeasuredContact(this.world, type, e2, e1, h2, h1, starts, this.entities) : new MeasuredContact(this.world, type, e1, e2, h1, h2, starts, this.entities));
  }
}

/** Body `i`'s velocity as the next step will begin into `velocities` (px/s): `b`'s own, 0 without one (asleep, gone). */
function noteStartVelocity(velocities: Float64Array, i: number, b: RigidBody | undefined): void {
  const v = b?.linvel(readAt);
  velocities[i * 2] = v ? toPixels(v.x) : 0;
  velocities[i * 2 + 1] = v ? toPixels(v.y) : 0;
}

function assertFinite(what: string, ...values: number[]): void {
  for (const v of values) if (!Number.isFinite(v)) throw new Error(`${what} is not finite (${v}); refusing to pass it to physics`);
}

function queryShape(shape: QueryShape) {
  switch (shape.kind) {
    case 'circle':
      return new RAPIER.Ball(toMeters(shape.radius));
    case 'box':
      return new RAPIER.Cuboid(toMeters(shape.halfExtents[0]), toMeters(shape.halfExtents[1]));
    case 'capsule':
      return new RAPIER.Capsule(toMeters(shape.halfHeight), toMeters(shape.radius));
  }
}
