/**
 * The PLAY runtime: built from a document, stepped at a fixed 1/60 s, disposed explicitly.
 * One step runs the named phases of ./phases in DESIGN.md §6 order over the StepState.
 */
import { Subject } from 'rxjs';
import { IndexList } from '../../core/data/indexList';
import type { StageEvent } from '../../core/events';
import type { ResolvedProp } from '../../core/props/resolve';
import type { PropAccess } from './rig/rigHands';
import { gripWorld } from '../../core/props/pickup';
import { PART_NAMES } from '../../core/rig/skeleton';
import type { SceneDocument } from '../../core/scene/schema';
import { createTerrainIndex } from '../../core/terrain/terrainIndex';
import type { RigActor } from '../../machines/rigMachine';
import {
  DEFAULT_STICKMAN_COLOR, documentFrame, stickmanMarkers,
} from '../frame/documentFrame';
import { PackedRigView, packRagdollEnds, packedGeometry } from '../frame/packedRigView';
import { PackedProps, PropViewMaker } from '../frame/packedProps';
import { type FrameSnapshot, type RigView } from '../frame/frame';
import type { RigConnection } from '../../machines/connectRig';
import { PART_ENDS_LENGTH } from '../../core/ragdoll/readBack';
import type { AreaEvent, ContactEvent, Vec2 } from '../physics/entities';
import { PhysicsWorld } from '../physics/world';
import { isKind, objectsOfKind } from '../../objects/core/models';
import { physicsOf } from '../../objects/streams/physics/registry';
import type { StageBuild } from '../../objects/streams/physics/objectPhysics';
import { tickTime, type TraceRecord } from '../trace/records';
import type { RuntimeCommand } from './commands';
import { STEP_PHASES } from './phases';
import { readPropPoses } from './phases/stepPhysics';
import { RigRuntime } from './rigRuntime';
import type { RigStepOutput } from './rig/rigOutput';
import { ragdollDebug, reactionText, standUpSuffix } from './ragdollDebug';
import { footLocks, terrainMotionSuffix } from './terrainDebug';
import { RuleDispatcher } from './ruleDispatcher';
import { PartPairs, StickmanAreas } from './stickmanContacts';
import { StickmanTouches } from './stickmanTouch';
import { CameraRuntime } from './camera/cameraRuntime';
import { CAMERA_ID, isCameraAction, sceneDirectsCamera, type CameraQueueItem } from '../../core/camera/actions';
import { ContactBudget } from './contactBudget';
import { NonFiniteStateError, note, type StepState } from './stepState';
import { DEFAULT_PROPORTIONS } from '../../core/rig/proportions';
import { cloneData, dataFields, reachable, restoreInto } from '../../core/data/cloneData';
import type { PhysicsState } from '../physics/worldState';
import type { RigRuntimeState } from './rig/rigKeyframe';
import type { CameraState } from './camera/cameraRuntime';

/** The step state's fields that are wiring or belong to one step only (never in a keyframe). */
const STEP_WIRING = ['doc', 'world', 'rigs', 'rigById', 'propIds', 'commands', 'dispatcher', 'camera', 'stickmanPairs', 'stickmanAreas', 'stickmanTouches', 'contactBudget',
  'contact$', 'area$', 'events$', 'notes', 'onRecord', 'dispatchedEvents', 'frame', 'leavingNow', 'sink',
  // Scratch of the pose read, not state: loadState brings lastReadPoses in line with the restored poses.
  'lastReadPoses', 'movedProps', 'readProps', 'posesChanged'];

/** A runtime between two steps, as data (issue 14 keyframes): see `StageRuntime.saveState`. */
export interface RuntimeState {
  tick: number;
  physics: PhysicsState;
  /** Everything else: the step state, the dispatcher, contact books, claims and every rig. */
  data: {
    step: Record<string, unknown>;
    /** What the rigs reported and the runtime has not drained (shared by every rig: restored in place). */
    sink: Record<string, unknown>;
    dispatcher: Record<string, unknown>;
    stickmanPairs: Record<string, unknown>;
    stickmanAreas: Record<string, unknown>;
    stickmanTouches: Record<string, unknown>;
    contactBudget: Record<string, unknown>;
    claims: Map<string, string>;
    rigs: RigRuntimeState[];
    camera: CameraState;
  };
}

export { NonFiniteStateError };

/** Every prop's authored x, y, rotation (placeholders keep these; the rest are read from physics). */
const isGrabMove = (c: unknown): boolean => (c as { type?: unknown } | null | undefined)?.type === 'grab.move';

function authoredPoses(doc: SceneDocument, propIds: readonly string[]): Float64Array {
  const out = new Float64Array(propIds.length * 3);
  const byId = new Map(doc.objects.map((o) => [o.id, o]));
  propIds.forEach((id, i) => {
    const o = byId.get(id);
    if (!isKind(o, 'prop')) return;
    out[i * 3] = o.position[0];
    out[i * 3 + 1] = o.position[1];
    out[i * 3 + 2] = o.rotation;
  });
  return out;
}
export type { RuntimeCommand };

export class StageRuntime {
  readonly contact$ = new Subject<ContactEvent>();
  readonly area$ = new Subject<AreaEvent>();
  readonly events$ = new Subject<StageEvent>();
  private readonly s: StepState;
  /** What stickmen may know about props (grips, poses, claims): the debug overlay reads it too. */
  private readonly props: PropAccess;
  private readonly baseFrame: FrameSnapshot;
  private debugEnabled = false;
  /** Who reserved which prop (PropAccess reads it; a keyframe saves it). */
  private readonly claims = new Map<string, string>();
  /** What a keyframe points at instead of copying: the document and the resolved props (immutable). */
  private readonly sharedData: object[];

  constructor(readonly doc: SceneDocument, rigActor: (id: string) => RigActor | undefined) {
    const world = new PhysicsWorld(doc.stage.gravity as Vec2);
    const sink: RigStepOutput = { events: [], actions: [], warnings: [], purged: [] };
    const rigs: RigRuntime[] = [];
    const rigById = new Map<string, RigRuntime>();
    const propIds: string[] = [];
    const propDefs = new Map<string, ResolvedProp>();
    const claims = this.claims;
    const areaOccupants = new Map<string, Set<string>>();
    const leftStage = new Set<string>();
    let propPoses: Float64Array = new Float64Array(0);
    // What a stickman may know about props (pickups): live, pickable ones only.
    const props: PropAccess = {
      grips: (id) => {
        const def = propDefs.get(id);
        return def && !def.placeholder && !leftStage.has(id) ? def.grips : null;
      },
      pose: (id) => {
        const i = propIds.indexOf(id);
        return i < 0 || leftStage.has(id) ? null : { position: [propPoses[i * 3], propPoses[i * 3 + 1]], rotation: propPoses[i * 3 + 2] };
      },
      claimant: (id) => claims.get(id) ?? null,
      claim: (id, rig) => {
        if (!claims.has(id)) claims.set(id, rig);
      },
      unclaim: (id, rig) => {
        if (claims.get(id) === rig) claims.delete(id);
      },
      gravity: (id) => {
        const scale = propDefs.get(id)?.gravity_scale ?? 1;
        return [doc.stage.gravity[0] * scale, doc.stage.gravity[1] * scale];
      },
    };
    const basePoses: object[] = [];
    try {
      const terrain = createTerrainIndex(objectsOfKind(doc.objects, 'terrain'));
      // Each kind puts in what it is (objects/<kind>/physics.ts) and registers what the runtime keeps of it.
      const build: StageBuild = {
        world,
        doc,
        addRig(o, order) {
          const actor = rigActor(o.id);
          if (!actor) throw new Error(`stickman "${o.id}" has no rig actor`);
          const basePose = stickmanMarkers(o);
          basePoses.push(basePose);
          const rig = new RigRuntime(o, basePose, terrain, actor, world, order, sink, props);
          rigs.push(rig);
          rigById.set(o.id, rig);
        },
        addProp(o, def) {
          propDefs.set(o.id, def);
          propIds.push(o.id);
        },
        addArea: (o) => void areaOccupants.set(o.id, new Set()),
      };
      doc.objects.forEach((o, order) => physicsOf(o).stage(o, order, build));
    } catch (e) {
      for (const r of rigs) r.dispose();
      world.dispose();
      throw e;
    }
    const liveIds = new Set(doc.objects.map((o) => o.id));
    const cameraItems = (doc.queues[CAMERA_ID] ?? []).filter((i): i is CameraQueueItem => isCameraAction(i));
    const camera = new CameraRuntime(cameraItems, sceneDirectsCamera(doc), doc.stage, sink, (id) => {
      if (leftStage.has(id)) return null;
      const rig = rigById.get(id);
      if (rig) return { position: rig.motion.root, stickman: true };
      const i = propIds.indexOf(id);
      return i < 0 ? null : { position: [propPoses[i * 3], propPoses[i * 3 + 1]], stickman: false };
    });
    const s: StepState = {
      doc, world, tick: 0, time: 0, started: false, rigs, rigById, propIds,
      propPoses: (propPoses = authoredPoses(doc, propIds)) as Float64Array<ArrayBuffer>, posesRead: false,
      lastReadPoses: new Float64Array(propIds.length * 3), movedProps: new IndexList(propIds.length), readProps: new IndexList(propIds.length), posesChanged: 0,
      leftStage, liveIds, leavingNow: [], commands: [], sink, camera,
      dispatcher: new RuleDispatcher(doc.rules, {
        exists: (id) => id === CAMERA_ID || liveIds.has(id),
        enqueue: (actor, mode, action, ruleId, chain) => {
          if (actor === CAMERA_ID) return isCameraAction(action) ? camera.enqueueReactive(mode, action, ruleId, chain) : { skipped: `the camera cannot ${action.type}` };
          const rig = rigById.get(actor);
          return rig ? rig.enqueueReactive(mode, action, ruleId, chain) : { skipped: `actor "${actor}" is not a stickman on stage` };
        },
        dispatched: (event) => {
          s.dispatchedEvents.push(event);
          // A plain Subject: with no one listening, next() would only allocate (a closure, an iterator).
          if (this.events$.observed) this.events$.next(event);
          note(s, { t: s.time, tick: s.tick, type: 'event', event });
        },
        ruleRecord: (r) => note(s, { t: s.time, tick: s.tick, type: 'rule', ...r }),
        warn: (message) => note(s, { t: s.time, tick: s.tick, type: 'warning', message }),
      }),
      areaOccupants, stickmanPairs: new PartPairs(), stickmanAreas: new StickmanAreas(), stickmanTouches: new StickmanTouches(), contactBudget: new ContactBudget(),
      contact$: this.contact$, area$: this.area$, events$: this.events$,
      notes: [], onRecord: null, dispatchedEvents: [], frame: null, grab: null,
    };
    this.s = s;
    this.props = props;
    this.sharedData = [doc, propDefs, DEFAULT_PROPORTIONS, ...basePoses];
    this.baseFrame = documentFrame(doc, 'PLAY');
    readPropPoses(s);
    s.frame = this.baseFrame;
  }

  get physics(): PhysicsWorld {
    return this.s.world;
  }

  get tick(): number {
    return this.s.tick;
  }

  get time(): number {
    return this.s.time;
  }

  get rigs(): readonly RigRuntime[] {
    return this.s.rigs;
  }

  /** Trace records of the last step (commands, events at dispatch time, actions, rules, warnings), in order. */
  get notes(): readonly TraceRecord[] {
    return this.s.notes;
  }

  /** Hears every trace record of a step the moment it is written (the controller's live trace). */
  set onRecord(listener: ((record: TraceRecord) => void) | null) {
    this.s.onRecord = listener;
  }

  /**
   * Queues a command for the start of the next step. Cursor moves of a grab coalesce: only the
   * last one before a step matters, so only it is applied and traced.
   */
  enqueue(command: RuntimeCommand): void {
    const queue = this.s.commands;
    // Read with care: an untyped caller may queue null (phase 1 refuses it with a warning).
    if (isGrabMove(command) && isGrabMove(queue[queue.length - 1])) queue[queue.length - 1] = command;
    else queue.push(command);
  }

  setDebug(enabled: boolean): void {
    this.debugEnabled = enabled;
    for (const r of this.s.rigs) r.setDebug(enabled);
    this.s.frame = null;
  }

  rig(id: string): RigRuntime | undefined {
    return this.s.rigById.get(id);
  }

  /** True once `id` fell off the stage and left play. */
  hasLeftStage(id: string): boolean {
    return this.s.leftStage.has(id);
  }

  /** Advances one fixed step and returns the stage events it dispatched, in order. */
  step(): StageEvent[] {
    const s = this.s;
    s.notes = [];
    s.dispatchedEvents = [];
    // Every record of this step (transitions included) carries the step's own tick.
    s.tick += 1;
    s.time = tickTime(s.tick);
    for (const phase of STEP_PHASES) {
      try {
        phase.run(s);
      } catch (e) {
        // A runtime failure names its step (DESIGN.md §9): a non-finite pose, an engine panic.
        throw new Error(`step ${s.tick} (${phase.name}): ${(e as Error)?.message ?? String(e)}`, { cause: e });
      }
    }
    return s.dispatchedEvents;
  }

  frame(): FrameSnapshot {
    this.s.frame ??= this.buildFrame();
    return this.s.frame;
  }

  propState(id: string) {
    return this.s.world.bodyState(id);
  }

  /**
   * This runtime between two steps, as data (a keyframe, issue 14): the physics world's snapshot
   * and a deep copy of every other piece of state. Restored into a runtime built from the same
   * document on rig actors restored from their persisted snapshots, it steps on exactly as this
   * one does. Commands queued for the next step are not part of it (a take feeds its own).
   */
  saveState(): RuntimeState {
    const s = this.s;
    const data: RuntimeState['data'] = {
      step: dataFields(s, STEP_WIRING),
      sink: dataFields(s.sink, []),
      dispatcher: dataFields(s.dispatcher, ['rules', 'host']),
      stickmanPairs: dataFields(s.stickmanPairs, []),
      stickmanAreas: dataFields(s.stickmanAreas, []),
      stickmanTouches: dataFields(s.stickmanTouches, []),
      contactBudget: dataFields(s.contactBudget, []),
      claims: this.claims,
      rigs: s.rigs.map((r) => r.saveState()),
      camera: s.camera.saveState(),
    };
    return { tick: s.tick, physics: s.world.saveState(), data: cloneData(data, { shared: this.shared() }) };
  }

  /**
   * Becomes the runtime `state` was saved from. This runtime must be fresh (built, never
   * stepped) from the same document, its rig actors restored from the same keyframe.
   */
  loadState(state: RuntimeState): void {
    const s = this.s;
    if (s.tick !== 0 || s.started) throw new Error('a keyframe loads into a fresh runtime only');
    if (state.data.rigs.length !== s.rigs.length) throw new Error(`a keyframe of ${state.data.rigs.length} stickmen cannot load into a stage of ${s.rigs.length}`);
    const data = cloneData(state.data, { shared: this.shared() });
    s.world.loadState(state.physics);
    restoreInto(s, data.step);
    s.lastReadPoses.set(s.propPoses);
    s.movedProps.clear();
    s.posesChanged += 1;
    restoreInto(s.sink, data.sink);
    restoreInto(s.dispatcher, data.dispatcher);
    restoreInto(s.stickmanPairs, data.stickmanPairs);
    restoreInto(s.stickmanAreas, data.stickmanAreas);
    restoreInto(s.stickmanTouches, data.stickmanTouches);
    restoreInto(s.contactBudget, data.contactBudget);
    restoreInto(this, { claims: data.claims });
    s.rigs.forEach((r, i) => r.loadState(data.rigs[i]));
    s.camera.loadState(data.camera);
    s.commands = [];
    s.frame = null;
  }

  private sharedSet: Set<object> | null = null;

  private shared(): Set<object> {
    this.sharedSet ??= reachable(this.sharedData);
    return this.sharedSet;
  }

  dispose(): void {
    for (const r of this.s.rigs) r.dispose();
    this.s.camera.dispose();
    this.contact$.complete();
    this.area$.complete();
    this.events$.complete();
    this.s.world.dispose();
  }

  private buildFrame(): FrameSnapshot {
    const s = this.s;
    const lastAreas = this.lastAreaViews;
    const areas = this.baseFrame.areas.map((a, i) => {
      const occupants = s.areaOccupants.get(a.id)?.size ?? 0;
      const last = lastAreas[i];
      return last && last.occupants === occupants ? last : { ...a, occupants };
    });
    this.lastAreaViews = areas;
    const rigs: RigView[] = [];
    for (let i = 0; i < s.rigs.length; i += 1) rigs.push(this.rigFrameView(s.rigs[i], i));
    const base = this.baseFrame;
    const packed = new PackedProps(base.props, this.framePoses(), this.propViewMaker);
    // The document frame's keys in their order, then the run's own (the frame's JSON is the same).
    const frame: FrameSnapshot = {
      tick: s.tick, time: s.time, mode: base.mode, paused: base.paused, stage: base.stage, terrain: base.terrain,
      get props() {
        return packed.views();
      },
      areas, rigs, camera: s.camera.view, packedProps: packed,
    };
    if (this.debugEnabled) frame.debug = this.debugView();
    return frame;
  }

  /** The poses the last frame was built with (never written after: frames share it), and the step state's `posesChanged` then. */
  private lastFramePoses: Float64Array | null = null;
  private lastFramePosesAt = -1;
  /** Makes the frames' `props` lists when they are read (./packedProps). */
  private readonly propViewMaker = new PropViewMaker();

  /**
   * This frame's prop poses: the last frame's array while no pose changed since it was built (a
   * sleeping crowd's frames share one), else a copy of the step's (one block copy; a plain array
   * built element by element measured ~6 µs dearer a frame beside one walker).
   */
  private framePoses(): Float64Array {
    const s = this.s;
    if (this.lastFramePoses === null || this.lastFramePosesAt !== s.posesChanged) {
      this.lastFramePoses = s.propPoses.slice();
      this.lastFramePosesAt = s.posesChanged;
    }
    return this.lastFramePoses;
  }
  private lastAreaViews: readonly FrameSnapshot['areas'][number][] = [];

  /** Each rig's last frame view and what it was built from (`s.rigs` order). */
  private readonly lastRigViews: Array<{ view: RigView; moves: number | null; live: RigConnection } | undefined> = [];
  /** A ragdoll's part ends as the frame view is packed from them (copied into the view). */
  private readonly ragdollEnds: number[] = new Array(PART_ENDS_LENGTH).fill(0);

  /**
   * Rig `i`'s view in this step's frame. Frames are immutable, and so is all a view is built from
   * but the live marker pose, which is copied: the solved world pose, a ragdoll's ends, markers and
   * root (derived anew whenever its bodies move) and the connection (anew whenever a snapshot
   * changes). So a ragdoll whose bodies slept and whose machines did nothing since the last frame
   * (no speech started or ended, no wait counted) has last frame's view, which nothing mutates.
   */
  private rigFrameView(r: RigRuntime, i: number): RigView {
    const m = r.motion;
    const x = m.root[0];
    const y = m.root[1];
    if (!Number.isFinite(x) || !Number.isFinite(y)) throw new NonFiniteStateError(r.id, 'root');
    const live = r.connection;
    const color = r.object.color ?? DEFAULT_STICKMAN_COLOR;
    const last = this.lastRigViews[i];
    // A ragdoll is drawn from its parts' ends, packed straight from its bodies' poses.
    const moves = r.body.isRagdoll ? r.body.ragdollMoves : null;
    let view: RigView;
    if (moves !== null) {
      const still = last && last.moves === moves && last.view.root[0] === x && last.view.root[1] === y && last.view.facing === m.facing;
      if (still && last.live === live) return last.view;
      // Lying as it was, only the live fields changed (a wait counting, a speech): the same numbers.
      const kept = still ? packedGeometry(last.view) : null;
      if (kept && still) view = PackedRigView.ragdoll(r.id, last.view.root, m.facing, color, kept, live);
      else {
        r.body.writeRagdollEnds(this.ragdollEnds);
        // The root the body derived (as read-only as the frame) when the rig's root is still it.
        const derived = r.body.ragdollRoot() as Vec2;
        const root = derived[0] === x && derived[1] === y ? derived : [x, y] as Vec2;
        view = PackedRigView.ragdoll(r.id, root, m.facing, color, packRagdollEnds(this.ragdollEnds, root, m.facing), live);
      }
    } else {
      const held = live.heldProp !== null ? r.hands.heldGrip : null;
      view = PackedRigView.live(r.id, [x, y], m.facing, color, r.localPose, r.displayMarkers, live, held?.z_offset ?? 0);
    }
    if (last) {
      last.view = view;
      last.moves = moves;
      last.live = live;
    } else this.lastRigViews[i] = { view, moves, live };
    return view;
  }

  private debugView(): NonNullable<FrameSnapshot['debug']> {
    const rays: NonNullable<FrameSnapshot['debug']>['rays'] = [];
    const points: Vec2[] = [];
    const proxies: NonNullable<FrameSnapshot['debug']>['proxies'] = [];
    const labels: NonNullable<FrameSnapshot['debug']>['labels'] = [];
    const ragdolls: NonNullable<FrameSnapshot['debug']>['ragdolls'] = [];
    const reactions: NonNullable<FrameSnapshot['debug']>['reactions'] = [];
    const locks: NonNullable<NonNullable<FrameSnapshot['debug']>['footLocks']> = [];
    for (const r of this.s.rigs) {
      if (r.debug) {
        rays.push(...r.debug.rays.map((x) => ({ from: x.from, to: x.to, hit: x.hit })));
        points.push(...r.debug.points);
      }
      const labelAt: Vec2 = [r.motion.root[0], r.motion.root[1] - 640];
      // Issue 8 (./ragdollDebug): a ragdoll's bodies replace its proxies, which are off meanwhile.
      const ragdoll = ragdollDebug(r);
      if (ragdoll) ragdolls.push(ragdoll);
      else {
        for (const part of PART_NAMES) {
          const p = r.proxies[part];
          proxies.push(p.shape === 'circle'
            ? { kind: 'circle', center: p.center, rotation: p.rotation, radius: p.radius }
            : { kind: 'capsule', center: p.center, rotation: p.rotation, radius: p.radius, halfHeight: p.halfHeight });
        }
        // Issue 9 (./terrainDebug): air weight and fall, the landing's phase and its locked feet.
        labels.push({ position: labelAt, text: `${r.id}: ${r.terrainPhase}${terrainMotionSuffix(r)}${standUpSuffix(r)}` });
        locks.push(...footLocks(r));
      }
      const flinch = reactionText(r);
      if (flinch) reactions.push({ id: r.id, position: labelAt, text: flinch });
      // Issue 10: what the hands are doing — state, prop, chosen hand and grip; the stand point.
      const it = r.connection.interactor;
      if (it.state !== 'IDLE') {
        labels.push({ position: [labelAt[0], labelAt[1] - 60], text: `${r.id}: ${it.state} ${it.propId ?? ''}${it.hand ? ` · ${it.hand} hand` : ''}${it.grip ? ` · grip ${it.grip}` : ''}` });
      }
      if (it.state === 'APPROACHING' && r.motion.walkTargetX !== null) points.push([r.motion.walkTargetX, r.motion.root[1]]);
    }
    // Every pickable prop's grips, and who has claimed it.
    for (const id of this.s.propIds) {
      const grips = this.props.grips(id);
      const pose = this.props.pose(id);
      if (!grips || !pose) continue;
      for (const g of grips) points.push(gripWorld(pose, g).point);
      const claimant = this.props.claimant(id);
      if (claimant) labels.push({ position: [pose.position[0], pose.position[1] - 70], text: `${id}: ${this.s.world.isHeld(id) ? 'held' : 'reserved'} by ${claimant}` });
    }
    return { rays, points, proxies, labels, ragdolls, reactions, footLocks: locks };
  }
}
