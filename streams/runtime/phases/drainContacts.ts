/**
 * Phase 4 (DESIGN.md §6): Rapier's contact and area events go out on `contact$` / `area$` and
 * become stage events — stickman ↔ prop and stickman ↔ stickman through pair bookkeeping (one
 * event per pair, however many parts touch), prop ↔ anything from each prop, area crossings
 * (a stickman leaves only after the exit grace).
 */
import { areaStageEvent, propContactEvents } from '../contactEvents';
import { stickmanPropEvent, stickmanStickmanEvents } from '../stickmanContacts';
import { isPropBody, isProxy, isRagdollBody, isStickmanPart } from '../../physics/entities';
import type { PartName } from '../../../core/rig/skeleton';
import { note, type StepState } from '../stepState';
import type { StageEvent } from '../../../core/events';
import type { ContactBudget } from '../contactBudget';

export function drainContacts(s: StepState): void {
  const events = s.sink.events;
  // Ragdoll entry forgets the stickman's pairs (seed 4.5); late exits are then ignored.
  for (const id of s.sink.purged) {
    s.stickmanPairs.purge(id);
    s.stickmanTouches.purge(id, s.rigs);
    s.contactBudget.purge(id);
  }
  s.sink.purged.length = 0;
  const { contacts: physical, areas } = s.world.takeEvents();
  // Physics contacts first, then stickman ↔ stickman touches (found by geometry, same contract).
  const touches = s.stickmanTouches.step(s.rigs);
  // Made only in a step that has a stickman ↔ prop start: most steps have none.
  let flinch: Flinch | undefined;
  const budget = s.contactBudget;
  budget.beginStep();
  const total = physical.length + touches.length;
  const contactsHeard = s.contact$.observed;
  for (let i = 0; i < total; i += 1) {
    const c = i < physical.length ? physical[i] : touches[i - physical.length];
    // A plain Subject: with no one listening, next() would only allocate (a closure, an iterator).
    if (contactsHeard) s.contact$.next(c);
    // A ragdoll's bodies collide physically but never fire a rule or a reaction (seed 4.5).
    if (isRagdollBody(c.a) || isRagdollBody(c.b)) continue;
    const proxies = (isProxy(c.a) ? 1 : 0) + (isProxy(c.b) ? 1 : 0);
    const prop = isPropBody(c.a) || isPropBody(c.b);
    if (proxies === 2) {
      raise(budget, events, c.a.id, c.b.id, stickmanStickmanEvents(c));
    } else if (proxies === 1 && prop) {
      // RECOVERING contacts may fire the rule; the flinch is a no-op outside ANIMATED.
      if (c.type === 'started') flinch ??= flincher(s);
      const e = stickmanPropEvent(c, s.stickmanPairs, c.type === 'started' ? flinch : undefined);
      if (e) raiseOne(budget, events, e);
    } else if (prop && proxies === 0) {
      raise(budget, events, c.a.id, c.b.id, propContactEvents(c));
    }
  }
  const over = budget.warning();
  if (over) note(s, { t: s.time, tick: s.tick, type: 'warning', message: over });
  for (const a of areas) {
    s.area$.next(a);
    const occupants = s.areaOccupants.get(a.area.id);
    if (!occupants) continue;
    // A stickman is in an area by any of its parts: proxies standing, bodies as a ragdoll.
    if (isStickmanPart(a.other)) {
      const e = s.stickmanAreas.cross(a, rootOf(s, a.other.id));
      if (e) {
        occupants.add(a.other.id);
        events.push(e);
      }
      continue;
    }
    if (a.type === 'entered') occupants.add(a.other.id);
    else occupants.delete(a.other.id);
    events.push(areaStageEvent(a, s.world.bodyState(a.other.id)?.position));
  }
  for (const e of s.stickmanAreas.tick((id) => rootOf(s, id))) {
    s.areaOccupants.get(e.target!)?.delete(e.source);
    events.push(e);
  }
}

/** A pair edge's events (pair `a`, `b`), within the step's contact budget (a stop is raised only if its start was). */
function raise(budget: ContactBudget, events: StageEvent[], a: string, b: string, edge: readonly StageEvent[]): void {
  if (edge.length === 0) return;
  if (edge[0].type === 'collided' ? !budget.started(a, b, edge.length) : !budget.stopped(a, b)) return;
  for (let i = 0; i < edge.length; i += 1) events.push(edge[i]);
}

/** A stickman ↔ prop edge: one event, its pair the event's source and target. */
function raiseOne(budget: ContactBudget, events: StageEvent[], e: StageEvent): void {
  const target = e.target ?? '';
  if (e.type === 'collided' ? !budget.started(e.source, target, 1) : !budget.stopped(e.source, target)) return;
  events.push(e);
}

type Flinch = (rigId: string, part: string, push: [number, number], propId: string, speed: number) => void;

/**
 * A newly touching part flinches away from the prop, sized by the impact (seed 4.5): the speed
 * the two met with, as `collided` reports it — not the prop's speed after it bounced off.
 */
function flincher(s: StepState): Flinch {
  return (rigId, part, push, _propId, speed) => {
    s.rigById.get(rigId)?.addReaction(part as PartName, push, speed);
  };
}

function rootOf(s: StepState, rigId: string): [number, number] {
  const r = s.rigById.get(rigId)?.motion.root;
  return r ? [r[0], r[1]] : [0, 0];
}
