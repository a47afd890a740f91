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
  private lastFrame: FrameSnapshot;

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
    this.lastFrame = this.buildFrame();
    return events;
  }

  frame(): FrameSnapshot {
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

  private buildFrame(): FrameSnapshot {
    const props: PropView[] = this.baseFrame.props.map((p) => {
      const s = this.world.bodyState(p.id);
      if (!s) return p;
      if (!Number.isFinite(s.position[0]) || !Number.isFinite(s.position[1]) || !Number.isFinite(s.rotation)) {
        throw new NonFiniteStateError(p.id, 'position');
      }
      return { ...p, position: s.position, rotation: s.rotation };
    });
    const areas = this.baseFrame.areas.map((a) => ({ ...a, occupants: this.areaOccupants.get(a.id)?.size ?? 0 }));
    return { ...this.baseFrame, tick: this.tick, time: this.time, props, areas };
  }
}
