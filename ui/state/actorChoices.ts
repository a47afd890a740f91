/**
 * The timeline's actor filter choices: the scene's stickmen by name (each covering its rig, its
 * children and the events that name it), each child actor seen in the run under it, then the
 * scene's other objects. Rebuilt whenever the run names a new actor (a crowd among props names
 * new ones for seconds), each choice is the same object as before unless it changed: the filter
 * lists them with `<For>`, which keys by identity, and fifty stickmen's optgroups made anew four
 * times a second cost a busy stage a tenth of its frame rate.
 */
import type { SceneDocument } from '../../core/scene/schema';
import { isActor } from '../../objects/core/models';
import { displayName } from './actionText';

export interface StickmanChoice {
  value: string;
  name: string;
  children: readonly string[];
}

export interface ObjectChoice {
  value: string;
  name: string;
}

export interface Choices {
  stickmen: readonly StickmanChoice[];
  others: readonly ObjectChoice[];
}

const NONE: readonly string[] = [];

/** The child actors `seen` under each rig (`rig:x/terrainMotion` under `rig:x`), in the order seen. */
function childActorsByRig(seen: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const actor of seen) {
    const slash = actor.indexOf('/');
    if (!actor.startsWith('rig:') || slash < 0) continue;
    const rig = actor.slice(0, slash);
    const list = out.get(rig);
    if (list) list.push(actor);
    else out.set(rig, [actor]);
  }
  return out;
}

const sameStrings = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((s, i) => s === b[i]);

export class ActorChoices {
  private stickmen = new Map<string, StickmanChoice>();
  private others = new Map<string, ObjectChoice>();

  /** The choices for `doc` with the actors `seen` in the run so far. */
  of(doc: SceneDocument, seen: readonly string[]): Choices {
    const children = childActorsByRig(seen);
    const stickmen = new Map<string, StickmanChoice>();
    const others = new Map<string, ObjectChoice>();
    for (const o of doc.objects) {
      const name = displayName(o.id, o);
      if (isActor(o)) {
        const value = `rig:${o.id}`;
        const mine = children.get(value) ?? NONE;
        const before = this.stickmen.get(value);
        stickmen.set(value, before && before.name === name && sameStrings(before.children, mine) ? before : { value, name, children: mine });
      } else {
        const before = this.others.get(o.id);
        others.set(o.id, before && before.name === name ? before : { value: o.id, name });
      }
    }
    this.stickmen = stickmen;
    this.others = others;
    return { stickmen: [...stickmen.values()], others: [...others.values()] };
  }
}
