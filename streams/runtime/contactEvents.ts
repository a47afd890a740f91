/**
 * Turns physics contacts and area crossings into stage events with the seeds' ordering:
 * prop ↔ other is source = prop, target = other (prop ↔ prop fires once from each prop, as each
 * prop reports its own contact); area events are source = the object, target = the area.
 */
import type { StageEvent } from '../../core/events';
import type { AreaEvent, ContactEvent } from '../physics/entities';
import { round4, roundVec } from '../trace/records';

const neg = (v: [number, number]): [number, number] => [-v[0] + 0, -v[1] + 0];

export function propContactEvents(c: ContactEvent): StageEvent[] {
  const type = c.type === 'started' ? 'collided' : 'separated';
  const out: StageEvent[] = [];
  const make = (source: string, target: string, normal: [number, number]): StageEvent =>
    type === 'collided'
      ? { type, source, target, position: roundVec(c.point), normal: [round4(normal[0]), round4(normal[1])], speed: Math.round(c.relativeSpeed * 100) / 100 }
      : { type, source, target };
  if (c.a.kind === 'prop') out.push(make(c.a.id, c.b.id, c.normal));
  if (c.b.kind === 'prop') out.push(make(c.b.id, c.a.id, neg(c.normal)));
  return out;
}

export function areaStageEvent(e: AreaEvent, position?: [number, number]): StageEvent {
  const ev: StageEvent = { type: e.type === 'entered' ? 'entered_area' : 'exited_area', source: e.other.id, target: e.area.id };
  if (position) ev.position = roundVec(position);
  return ev;
}

