/**
 * The PLAY runtime: built from a document, stepped at a fixed 1/60 s, disposed explicitly.
 * Step order follows DESIGN.md §6: commands → rigs → physics → events → rules → post → frame.
 */
import { Subject } from 'rxjs';
import type { AnyActorRef } from 'xstate';
import type { StageEvent } from '../../core/events';
import { resolveProp } from '../../core/props/resolve';
import { PART_NAMES } from '../../core/rig/skeleton';
import type { SceneDocument, TerrainObject } from '../../core/scene/schema';
import { createTerrainIndex } from '../../core/terrain/terrainIndex';
import { DEFAULT_STICKMAN_COLOR, documentFrame, rigView, stickmanMarkers } from '../frame/documentFrame';
import type { FrameSnapshot, PropView } from '../frame/frame';
import type { AreaEvent, ContactEvent, Vec2 } from '../physics/entities';
import { PhysicsWorld } from '../physics/world';
import { tickTime, type TraceRecord } from '../trace/records';
import { areaStageEvent, propContactEvents } from './contactEvents';
import { RigRuntime, type RigStepOutput } from './rigRuntime';
import { RuleDispatcher } from './ruleDispatcher';
import { PartPairs, StickmanAreas, stickmanPropEvent } from './stickmanContacts';

export class NonFiniteStateError extends Error {
  constructor(readonly objectId: string, what: string) {
    super(`object "${objectId}" has a non-finite ${what}`);
    this.name = 'NonFiniteStateError';
  }
}

export interface RuntimeCommand {
  type: string;
  [key: string]: unknown;
}

export class StageRuntime {
  readonly contact$ = new Subject<ContactEvent>();
  readonly area$ = new Subject<AreaEvent>();
  readonly events$ = new Subject<StageEvent>();
  tick = 0;
  private readonly world: PhysicsWorld;
  private readonly propIds: string[] = [];
  private readonly baseFrame: FrameSnapshot;
  private readonly areaOccupants = new Map<string, Set<string>>();
  private commands: RuntimeCommand[] = [];
  private lastFrame: FrameSnapshot | null;
  /** x, y, rotation per prop (in propIds order), read once per step. */
  private propPoses: Float64Array = new Float64Array(0);
  /** After the first full read, sleeping props are skipped: they have not moved. */
  private posesRead = false;

  readonly rigs: RigRuntime[] = [];
  private readonly rigById = new Map<string, RigRuntime>();
  private readonly stickmanPairs = new PartPairs();
  private readonly stickmanAreas = new StickmanAreas();
  private started = false;
  private debugEnabled = false;
  /** Trace records of the last step (events at dispatch time, actions, rules, warnings), in order. */
  notes: TraceRecord[] = [];
  /** Shared with every rig: stage events waiting for dispatch, action notes and warnings. */
  private readonly sink: RigStepOutput = { events: [], actions: [], warnings: [] };
  private readonly dispatcher: RuleDispatcher;
  private readonly liveIds = new Set<string>();

  constructor(readonly doc: SceneDocument, rigActor: (id: string) => AnyActorRef | undefined = () => undefined) {
    this.world = new PhysicsWorld(doc.stage.gravity as Vec2);
    try {
      const terrain = createTerrainIndex(doc.objects.filter((o): o is TerrainObject => o.kind === 'terrain'));
      doc.objects.forEach((o, order) => {
        if (o.kind === 'stickman') {
          const rig = new RigRuntime(o, stickmanMarkers(o), terrain, rigActor(o.id), this.world, order, this.sink);
          this.rigs.push(rig);
          this.rigById.set(o.id, rig);
        }
        if (o.kind === 'terrain') this.world.addTerrain(o, order);
        else if (o.kind === 'prop') {
          this.world.addProp(o, resolveProp(doc, o), order);
          this.propIds.push(o.id);
        } else if (o.kind === 'area') {
          this.world.addArea(o, order);
          this.areaOccupants.set(o.id, new Set());
        }
      });
    } catch (e) {
      this.world.dispose();
      throw e;
    }
    for (const o of doc.objects) this.liveIds.add(o.id);
    this.dispatcher = new RuleDispatcher(doc.rules, {
      exists: (id) => this.liveIds.has(id),
      enqueue: (actor, mode, action, ruleId) => {
        const rig = this.rigById.get(actor);
        return rig ? rig.enqueueReactive(mode, action, ruleId) : { skipped: `actor "${actor}" is not a stickman on stage` };
      },
      dispatched: (event) => {
        this.flushNotes();
        this.dispatchedEvents.push(event);
        this.events$.next(event);
        this.notes.push({ t: this.time, tick: this.tick, type: 'event', event });
      },
      ruleRecord: (r) => this.notes.push({ t: this.time, tick: this.tick, type: 'rule', ...r }),
      warn: (message) => this.notes.push({ t: this.time, tick: this.tick, type: 'warning', message }),
    });
    this.baseFrame = documentFrame(doc, 'PLAY');
    this.lastFrame = this.baseFrame;
    this.propPoses = new Float64Array(this.propIds.length * 3);
    this.readPropPoses();
  }

  get physics(): PhysicsWorld {
    return this.world;
  }

  get time(): number {
    return tickTime(this.tick);
  }

  enqueue(command: RuntimeCommand): void {
    this.commands.push(command);
  }

  setDebug(enabled: boolean): void {
    this.debugEnabled = enabled;
    for (const r of this.rigs) r.setDebug(enabled);
    this.lastFrame = null;
  }

  rig(id: string): RigRuntime | undefined {
    return this.rigById.get(id);
  }

  private dispatchedEvents: StageEvent[] = [];

  /** Advances one fixed step and returns the stage events it dispatched, in order. */
  step(): StageEvent[] {
    const events = this.sink.events;
    this.notes = [];
    this.dispatchedEvents = [];
    // Every record of this step (transitions included) carries the step's own tick.
    this.tick += 1;
    // 1. PLAY start (first step): every rig begins with a terrain fall, then its queue; then commands.
    if (!this.started) {
      this.started = true;
      for (const r of this.rigs) r.start();
    }
    const commands = this.commands;
    this.commands = [];
    for (const c of commands) this.applyCommand(c);
    // 2. per rig: locomotion, terrain motion, pose solve, speech clocks, queue runner, proxies.
    for (const r of this.rigs) {
      const root = r.motion.root;
      // Checked before the rig writes its proxies, so the error names the stickman, not a collider.
      if (!Number.isFinite(root[0]) || !Number.isFinite(root[1])) throw new NonFiniteStateError(r.id, 'root');
      r.step();
    }
    // 3. physics.
    this.world.step();
    this.flushNotes();
    // 4. contacts and areas → stage events.
    const { contacts, areas } = this.world.takeEvents();
    for (const c of contacts) {
      this.contact$.next(c);
      const proxy = c.a.kind === 'proxy' || c.b.kind === 'proxy';
      const prop = c.a.kind === 'prop' || c.b.kind === 'prop';
      if (proxy && prop) {
        const e = stickmanPropEvent(c, this.stickmanPairs);
        if (e) events.push(e);
      } else if (prop && !proxy) events.push(...propContactEvents(c));
    }
    for (const a of areas) {
      this.area$.next(a);
      const occupants = this.areaOccupants.get(a.area.id);
      if (!occupants) continue;
      if (a.other.kind === 'proxy') {
        const e = this.stickmanAreas.cross(a, this.rootOf(a.other.id));
        if (e) {
          occupants.add(a.other.id);
          events.push(e);
        }
        continue;
      }
      if (a.type === 'entered') occupants.add(a.other.id);
      else occupants.delete(a.other.id);
      events.push(areaStageEvent(a, this.world.bodyState(a.other.id)?.position));
    }
    for (const e of this.stickmanAreas.tick((id) => this.rootOf(id))) {
      this.areaOccupants.get(e.target!)?.delete(e.source);
      events.push(e);
    }
    // 5. rules: every event in order, reactions enqueued now (they start next step).
    this.dispatcher.dispatch(events);
    this.flushNotes();
    // 6–7. post-physics reads; the frame is built on demand.
    this.readPropPoses();
    this.lastFrame = null;
    return this.dispatchedEvents;
  }

  private rootOf(rigId: string): [number, number] {
    const r = this.rigById.get(rigId)?.motion.root;
    return r ? [r[0], r[1]] : [0, 0];
  }

  /** Moves action notes and warnings gathered from the rigs into the step's trace records. */
  private flushNotes(): void {
    const t = this.time;
    for (const a of this.sink.actions) this.notes.push({ t, tick: this.tick, type: 'action', ...a });
    for (const w of this.sink.warnings) this.notes.push({ t, tick: this.tick, type: 'warning', message: w.message, object: w.object });
    this.sink.actions.length = 0;
    this.sink.warnings.length = 0;
  }

  frame(): FrameSnapshot {
    this.lastFrame ??= this.buildFrame();
    return this.lastFrame;
  }

  propState(id: string) {
    return this.world.bodyState(id);
  }

  dispose(): void {
    for (const r of this.rigs) r.dispose();
    this.contact$.complete();
    this.area$.complete();
    this.events$.complete();
    this.world.dispose();
  }

  private applyCommand(c: RuntimeCommand): void {
    const out = this.sink;
    if (c.type === 'prop.setVelocity') {
      this.world.setBodyVelocity(String(c.id), c.velocity as Vec2);
    } else if (c.type === 'rig.walkTo') {
      const rig = this.rigById.get(String(c.id));
      const x = Number(c.x);
      if (!rig) out.warnings.push({ message: `walk_to: no stickman "${String(c.id)}"; skipped`, object: String(c.id) });
      else if (!Number.isFinite(x)) out.warnings.push({ message: `walk_to: target x is not a finite number; skipped`, object: rig.id });
      else rig.walkTo(x, Number.isFinite(Number(c.y)) ? Number(c.y) : rig.motion.root[1]);
    } else if (c.type === 'rig.stopQueue' || c.type === 'rig.startQueue') {
      const rig = this.rigById.get(String(c.id));
      if (!rig) out.warnings.push({ message: `${c.type === 'rig.stopQueue' ? 'stop' : 'start'}_queue: no stickman "${String(c.id)}"; skipped`, object: String(c.id) });
      else if (c.type === 'rig.stopQueue') rig.stopQueue();
      else rig.startQueue();
    } else {
      out.warnings.push({ message: `unknown command "${c.type}"`, object: '' });
    }
  }

  /** Reads every prop pose and stops the run if any became non-finite (DESIGN.md §9). */
  private readPropPoses(): void {
    const poses = this.propPoses;
    this.world.readPoses(this.propIds, poses, this.posesRead);
    this.posesRead = true;
    for (let i = 0; i < poses.length; i += 1) {
      if (!Number.isFinite(poses[i])) throw new NonFiniteStateError(this.propIds[Math.floor(i / 3)], i % 3 === 2 ? 'rotation' : 'position');
    }
  }

  private buildFrame(): FrameSnapshot {
    const poses = this.propPoses;
    const props: PropView[] = this.baseFrame.props.map((p, i) => ({
      ...p,
      position: [poses[i * 3], poses[i * 3 + 1]] as Vec2,
      rotation: poses[i * 3 + 2],
    }));
    const areas = this.baseFrame.areas.map((a) => ({ ...a, occupants: this.areaOccupants.get(a.id)?.size ?? 0 }));
    const rigs = this.rigs.map((r) => {
      const m = r.motion;
      if (!Number.isFinite(m.root[0]) || !Number.isFinite(m.root[1])) throw new NonFiniteStateError(r.id, 'root');
      // Frames are immutable: the live marker pose is copied, the solved world pose reused.
      const markers = Object.fromEntries(Object.entries(m.markers).map(([k, v]) => [k, [v[0], v[1]]])) as typeof m.markers;
      return rigView(r.id, [m.root[0], m.root[1]], m.facing, markers, r.object.color ?? DEFAULT_STICKMAN_COLOR, {
        state: 'ANIMATED',
        terrain: r.terrainPhase,
        speech: r.speech(),
        queue: r.queueStatus(),
      }, r.worldPose);
    });
    const frame: FrameSnapshot = { ...this.baseFrame, tick: this.tick, time: this.time, props, areas, rigs };
    if (this.debugEnabled) frame.debug = this.debugView();
    return frame;
  }

  private debugView(): NonNullable<FrameSnapshot['debug']> {
    const rays: NonNullable<FrameSnapshot['debug']>['rays'] = [];
    const points: Vec2[] = [];
    const proxies: NonNullable<FrameSnapshot['debug']>['proxies'] = [];
    const labels: NonNullable<FrameSnapshot['debug']>['labels'] = [];
    for (const r of this.rigs) {
      if (r.debug) {
        rays.push(...r.debug.rays.map((x) => ({ from: x.from, to: x.to, hit: x.hit })));
        points.push(...r.debug.points);
      }
      for (const part of PART_NAMES) {
        const p = r.proxies[part];
        proxies.push(p.shape === 'circle'
          ? { kind: 'circle', center: p.center, rotation: p.rotation, radius: p.radius }
          : { kind: 'capsule', center: p.center, rotation: p.rotation, radius: p.radius, halfHeight: p.halfHeight });
      }
      labels.push({ position: [r.motion.root[0], r.motion.root[1] - 640], text: `${r.id}: ${r.terrainPhase}` });
    }
    return { rays, points, proxies, labels };
  }
}
