/**
 * Turns physics contacts and area crossings into stage events with the seeds' ordering:
 * prop ↔ other is source = prop, target = other (prop ↔ prop fires once from each prop, as each
 * prop reports its own contact); area events are source = the object, target = the area.
 */
import type { StageEvent } from '../../core/events';
import { isPropBody, type AreaEvent, type ContactEvent } from '../physics/entities';
import { round4, roundVec } from '../trace/records';

const neg = (v: [number, number]): [number, number] => [-v[0] + 0, -v[1] + 0];

export function propContactEvents(c: ContactEvent): StageEvent[] {
  const out: StageEvent[] = [];
  if (isPropBody(c.a)) out.push(propEvent(c, c.a.id, c.b.id, false));
  if (isPropBody(c.b)) out.push(propEvent(c, c.b.id, c.a.id, true));
  return out;
}

/** One side's event of a prop contact (`flip`: from b's side, the normal turned round). */
function propEvent(c: ContactEvent, source: string, target: string, flip: boolean): StageEvent {
  if (c.type !== 'started') return { type: 'separated', source, target };
  const normal = flip ? neg(c.normal) : c.normal;
  return { type: 'collided', source, target, position: roundVec(c.point), normal: [round4(normal[0]), round4(normal[1])], speed: Math.round(c.relativeSpeed * 100) / 100 };
}

export function areaStageEvent(e: AreaEvent, position?: [number, number]): StageEvent {
  const ev: StageEvent = { type: e.type === 'entered' ? 'entered_area' : 'exited_area', source: e.other.id, target: e.area.id };
  if (position) ev.position = roundVec(position);
  return ev;
}

