/**
 * The PLAY runtime: built from a document, stepped at a fixed 1/60 s, disposed explicitly.
 * Step order follows DESIGN.md §6: commands → rigs → physics → events → rules → post → frame.
 */
import { Subject } from 'rxjs';
import type { SceneDocument } from '../../core/scene/schema';
import type { StageEvent } from '../../core/events';
import { resolveProp } from '../../core/props/resolve';
import { PhysicsWorld } from '../physics/world';
import type { AreaEvent, ContactEvent, Vec2 } from '../physics/entities';
import { documentFrame } from '../frame/documentFrame';
import type { FrameSnapshot, PropView } from '../frame/frame';
import { areaStageEvent, propContactEvents } from './contactEvents';
import { tickTime } from '../trace/records';

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

  constructor(readonly doc: SceneDocument) {
    this.world = new PhysicsWorld(doc.stage.gravity as Vec2);
    try {
      doc.objects.forEach((o, order) => {
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

  /** Advances one fixed step and returns the stage events it produced, in dispatch order. */
  step(): StageEvent[] {
    const commands = this.commands;
    this.commands = [];
    for (const c of commands) this.applyCommand(c);
    this.world.step();
    this.tick += 1;
    const { contacts, areas } = this.world.takeEvents();
    const events: StageEvent[] = [];
    for (const c of contacts) {
      this.contact$.next(c);
      if (c.a.kind === 'prop' || c.b.kind === 'prop') events.push(...propContactEvents(c));
    }
    for (const a of areas) {
      this.area$.next(a);
      const occupants = this.areaOccupants.get(a.area.id);
      if (!occupants) continue;
      if (a.type === 'entered') occupants.add(a.other.id);
      else occupants.delete(a.other.id);
      events.push(areaStageEvent(a, this.world.bodyState(a.other.id)?.position));
    }
    for (const e of events) this.events$.next(e);
    this.readPropPoses();
    this.lastFrame = null; // built on demand: rendering reads far less often than headless runs step
    return events;
  }

  frame(): FrameSnapshot {
    this.lastFrame ??= this.buildFrame();
    return this.lastFrame;
  }

  propState(id: string) {
    return this.world.bodyState(id);
  }

  dispose(): void {
    this.contact$.complete();
    this.area$.complete();
    this.events$.complete();
    this.world.dispose();
  }

  private applyCommand(c: RuntimeCommand): void {
    if (c.type === 'prop.setVelocity') {
      this.world.setBodyVelocity(String(c.id), c.velocity as Vec2);
    }
  }

  /** Reads every prop pose and stops the run if any became non-finite (DESIGN.md §9). */
  private readPropPoses(): void {
    const poses = this.propPoses;
    this.world.readPoses(this.propIds, poses);
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
    return { ...this.baseFrame, tick: this.tick, time: this.time, props, areas };
  }
}
