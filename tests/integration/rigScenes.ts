/** Helpers for stickman scenarios driven through the real StageController (headless PLAY). */
import type { InspectionEvent } from 'xstate';
import type { StageEvent } from '../../core/events';
import type { SceneDocument } from '../../core/scene/schema';
import { createTerrainIndex, type TerrainIndex } from '../../core/terrain/terrainIndex';
import type { TerrainObject } from '../../core/scene/schema';
import { StageController } from '../../streams/stage/stageController';
import type { TraceRecord } from '../../streams/trace/records';
import { scene } from '../helpers/scenes';

type Obj = Record<string, unknown>;
export type Vec2 = [number, number];

export const GROUND_TOP = 1400;

export const stickman = (id: string, position: Vec2, extra: Obj = {}): Obj => ({ kind: 'stickman', id, position, facing: 'RIGHT', ...extra });

export const walk = (id: string, x: number, y = GROUND_TOP): Obj => ({ id, type: 'walk_to', target_position: [x, y] });

/** A scene whose stickmen get the given queues. */
export function sceneWithQueues(objects: Obj[], queues: Record<string, Obj[]> = {}, extra: Obj = {}): SceneDocument {
  return scene(objects, { queues, ...extra });
}

export interface Played {
  controller: StageController;
  records: TraceRecord[];
  events: StageEvent[];
  /** Machine events delivered to any actor (from the system inspector), for payload checks. */
  machineEvents: Array<{ actor: string; event: { type: string; [k: string]: unknown } }>;
  terrain: TerrainIndex;
  dispose(): void;
}

export function play(doc: SceneDocument): Played {
  const controller = new StageController(doc);
  const records: TraceRecord[] = [];
  const events: StageEvent[] = [];
  const machineEvents: Played['machineEvents'] = [];
  controller.records$.subscribe((r) => {
    records.push(r);
    if (r.type === 'event') events.push(r.event);
  });
  const sub = controller.actor.system.inspect((ev: InspectionEvent) => {
    if (ev.type !== '@xstate.event') return;
    const type = (ev.event as { type: string }).type;
    if (!type.startsWith('physics.') && !type.startsWith('rig.')) return;
    const target = ev.actorRef as unknown as { options?: { systemId?: string }; id: string };
    machineEvents.push({ actor: target.options?.systemId ?? target.id, event: ev.event as never });
  });
  controller.send({ type: 'ui.play' });
  const terrain = createTerrainIndex(doc.objects.filter((o): o is TerrainObject => o.kind === 'terrain'));
  return {
    controller, records, events, machineEvents, terrain,
    dispose: () => {
      sub.unsubscribe();
      controller.dispose();
    },
  };
}

export function rigOf(p: Played, id = 'stick') {
  const rig = p.controller.currentRuntime?.rig(id);
  if (!rig) throw new Error(`no running rig "${id}"`);
  return rig;
}

/** Action records of one queue item. */
export const actionRecords = (records: readonly TraceRecord[], id: string) =>
  records.filter((r): r is Extract<TraceRecord, { type: 'action' }> => r.type === 'action' && r.id === id);

export const transitions = (records: readonly TraceRecord[], actor: string) =>
  records.filter((r): r is Extract<TraceRecord, { type: 'transition' }> => r.type === 'transition' && r.actor === actor);

/** Steps until `done()` or `max` steps; returns the number of steps run. */
export function stepUntil(p: Played, done: () => boolean, max: number, each?: (i: number) => void): number {
  for (let i = 0; i < max; i++) {
    if (done()) return i;
    p.controller.step(1);
    each?.(i);
  }
  return max;
}

export const finished = (records: readonly TraceRecord[], id: string) =>
  actionRecords(records, id).find((r) => r.phase === 'finished');
