/**
 * Stickman ↔ prop and stickman ↔ area bookkeeping (seed phase 4.5): a pair fires once when its
 * first part starts touching and once when its last part lets go, however many of the ten
 * proxies are involved.
 */
import type { StageEvent } from '../../core/events';
import { isProxy, isRagdollBody, type AreaEvent, type ContactEvent } from '../physics/entities';
import { round4, roundVec } from '../trace/records';
import { PART_NAMES } from '../../core/rig/skeleton';


/**
 * Each part a pair can name has a bit: a pair's touching parts are one number, not a Set. The
 * proxies' parts and the ragdoll bodies' (`ragdoll:<part>`, for areas) come first and always get
 * the same bits; any other name gets the next free one.
 */
const PART_BITS = new Map<string, number>([...PART_NAMES, ...PART_NAMES.map((p) => `ragdoll:${p}`)].map((p, i) => [p, 1 << i]));
/** Bits of a positive 32-bit integer. */
const MAX_PART_BITS = 31;

function partBit(part: string): number {
  let bit = PART_BITS.get(part);
  if (bit === undefined) {
    if (PART_BITS.size >= MAX_PART_BITS) throw new Error(`part "${part}": more than ${MAX_PART_BITS} part names touch pairs`);
    bit = 1 << PART_BITS.size;
    PART_BITS.set(part, bit);
  }
  return bit;
}

/** `touch`'s answer: the pair went from no parts to one. */
export const PAIR_STARTED = 1;
/** `touch`'s answer: the part was not touching before. */
export const PART_ADDED = 2;

/**
 * Per pair (one thing `a` and another `b`, e.g. a stickman and a prop), which of `a`'s parts
 * touch `b`. Looked up by the two ids (no key string is built per contact).
 */
export class PartPairs {
  /** Per `a`, per `b`: the touching parts' bits (never 0; an `a` may keep an empty map). */
  private readonly parts = new Map<string, Map<string, number>>();

  /** Adds a touching part; true when the pair went from no parts to one. */
  add(a: string, b: string, part: string): boolean {
    return (this.touch(a, b, part) & PAIR_STARTED) !== 0;
  }

  /** Adds a touching part: PAIR_STARTED if the pair was empty, PART_ADDED if the part is newly touching. */
  touch(a: string, b: string, part: string): number {
    let byB = this.parts.get(a);
    if (!byB) {
      byB = new Map();
      this.parts.set(a, byB);
    }
    const had = byB.get(b) ?? 0;
    const bit = partBit(part);
    if ((had & bit) !== 0) return 0;
    byB.set(b, had | bit);
    return (had === 0 ? PAIR_STARTED : 0) | PART_ADDED;
  }

  /** Removes a part; true when the pair's last part let go. Late or unknown exits are ignored. */
  remove(a: string, b: string, part: string): boolean {
    const byB = this.parts.get(a);
    const had = byB?.get(b);
    if (!byB || had === undefined) return false;
    const bit = partBit(part);
    if ((had & bit) === 0) return false;
    if (had !== bit) {
      byB.set(b, had & ~bit);
      return false;
    }
    // The emptied map stays: a walker among props ends and starts pairs all the time.
    byB.delete(b);
    return true;
  }

  /** Drops every pair that mentions `id` (deletion, ragdoll entry). */
  purge(id: string): void {
    this.parts.delete(id);
    for (const [a, byB] of this.parts) {
      byB.delete(id);
      if (byB.size === 0) this.parts.delete(a);
    }
  }
}

/**
 * Stickman–prop contact → `collided`/`separated` with source = stickman, target = prop (seed 4.5:
 * the rule fires on the pair's empty → non-empty edge only). `onNewPart` hears every newly
 * touching part, pair edge or not, with the push direction prop → stickman and the contact's
 * impact speed (the relative speed they met with): each may flinch.
 */
export function stickmanPropEvent(c: ContactEvent, pairs: PartPairs, onNewPart?: (rig: string, part: string, pushToStickman: [number, number], prop: string, speed: number) => void): StageEvent | null {
  const proxyFirst = isProxy(c.a);
  const rig = proxyFirst ? c.a : c.b;
  const prop = proxyFirst ? c.b : c.a;
  const part = rig.part ?? '';
  if (c.type === 'started') {
    const touch = pairs.touch(rig.id, prop.id, part);
    // c.normal points a → b; the push on the stickman points from the prop towards it.
    if ((touch & PART_ADDED) !== 0 && onNewPart) onNewPart(rig.id, part, proxyFirst ? [-c.normal[0], -c.normal[1]] : [c.normal[0], c.normal[1]], prop.id, c.relativeSpeed);
    if ((touch & PAIR_STARTED) === 0) return null;
    const n = proxyFirst ? c.normal : [-c.normal[0], -c.normal[1]];
    return {
      type: 'collided', source: rig.id, target: prop.id, position: roundVec(c.point),
      normal: [round4(n[0]), round4(n[1])], speed: Math.round(c.relativeSpeed * 100) / 100, part,
    };
  }
  return pairs.remove(rig.id, prop.id, part) ? { type: 'separated', source: rig.id, target: prop.id } : null;
}

/**
 * A stickman ↔ stickman pair edge (streams/runtime/stickmanTouch.ts already keeps the part
 * bookkeeping: one `started` when the first part pair touches, one `stopped` after the last) →
 * `collided`/`separated` from each stickman's side (source = each, as prop ↔ prop fires from each
 * prop), each with its own normal and touching part.
 */
export function stickmanStickmanEvents(c: ContactEvent): StageEvent[] {
  if (c.type === 'stopped') return [{ type: 'separated', source: c.a.id, target: c.b.id }, { type: 'separated', source: c.b.id, target: c.a.id }];
  const n = c.normal;
  const position = roundVec(c.point);
  const speed = Math.round(c.relativeSpeed * 100) / 100;
  return [
    { type: 'collided', source: c.a.id, target: c.b.id, position, normal: [round4(n[0]), round4(n[1])], speed, part: c.a.part ?? '' },
    { type: 'collided', source: c.b.id, target: c.a.id, position, normal: [round4(-n[0]), round4(-n[1])], speed, part: c.b.part ?? '' },
  ];
}

/**
 * Steps a stickman must stay wholly outside an area before it counts as having left. Swinging
 * arms dip in and out of an area's edge while the body walks in; without this grace one walk
 * through an area would read as several entries. Entry is immediate.
 */
export const AREA_EXIT_GRACE_STEPS = 15;

/**
 * Stickman ↔ area membership: entered when the first part overlaps, exited after the grace. Its
 * parts are its proxies or, while it is a ragdoll, its ragdoll's bodies (DESIGN.md §7): going
 * down or standing up inside an area is neither an exit nor an entry.
 */
export class StickmanAreas {
  private readonly parts = new PartPairs();
  /** Pairs whose last part left, with the steps left before the exit counts. */
  private readonly leaving = new Map<string, number>();
  private readonly inside = new Set<string>();

  /** Handles one part crossing; returns an `entered_area` event when the stickman enters. */
  cross(e: AreaEvent, position: [number, number]): StageEvent | null {
    const key = `${e.other.id}|${e.area.id}`;
    const a = e.other.id;
    const b = e.area.id;
    // A ragdoll's body and the proxy of the same name are different colliders, both in for a
    // step or two when it goes down or stands up: each is its own member.
    const part = isRagdollBody(e.other) ? `ragdoll:${e.other.part ?? ''}` : e.other.part ?? '';
    if (e.type === 'entered') {
      if (!this.parts.add(a, b, part)) return null;
      if (this.leaving.delete(key) || this.inside.has(key)) return null; // back before the grace ran out
      this.inside.add(key);
      return { type: 'entered_area', source: e.other.id, target: e.area.id, position: roundVec(position) };
    }
    if (this.parts.remove(a, b, part)) this.leaving.set(key, AREA_EXIT_GRACE_STEPS);
    return null;
  }

  /** Advances the grace timers once per step; returns the exits that became final, in key order. */
  tick(positionOf: (stickmanId: string) => [number, number]): StageEvent[] {
    const out: StageEvent[] = [];
    for (const [key, left] of [...this.leaving.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (left > 1) {
        this.leaving.set(key, left - 1);
        continue;
      }
      this.leaving.delete(key);
      this.inside.delete(key);
      const [stickman, area] = key.split('|');
      out.push({ type: 'exited_area', source: stickman, target: area, position: roundVec(positionOf(stickman)) });
    }
    return out;
  }

  /** Forgets a stickman that left play (no exit event: it is gone, not walking out). */
  purge(stickmanId: string): void {
    this.parts.purge(stickmanId);
    for (const key of [...this.leaving.keys()]) if (key.startsWith(`${stickmanId}|`)) this.leaving.delete(key);
    for (const key of [...this.inside]) if (key.startsWith(`${stickmanId}|`)) this.inside.delete(key);
  }

  isInside(stickmanId: string, areaId: string): boolean {
    return this.inside.has(`${stickmanId}|${areaId}`);
  }
}
