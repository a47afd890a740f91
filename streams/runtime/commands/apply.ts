/**
 * The apply part of every runtime command (the schema part is core/commands/definitions.ts): what
 * a checked command does to the running stage in phase 1 of a step. A record keyed by every
 * `CommandType`, so a command defined without its apply fails the type check.
 *
 * Each apply gets a command that passed its schema; what only the stage can tell (no such
 * stickman, a prop that left the stage) is refused here with a warning record, never a throw.
 */
import type { CommandOf, CommandType } from '../../../core/commands/definitions';
import { endGrab, startGrab } from '../grabbing';
import type { RigRuntime } from '../rigRuntime';
import { recover, setRagdoll, startQueue, stopQueue, walkTo } from '../rig/requests';
import type { StepState } from '../stepState';

export type CommandApply<K extends CommandType> = (s: StepState, command: CommandOf<K>) => void;

/** The stickman a rig command names, or a warning (`label: no stickman "id"; skipped`) and undefined. */
function rigOf(s: StepState, label: string, id: string): RigRuntime | undefined {
  const rig = s.rigById.get(id);
  if (!rig) s.sink.warnings.push({ message: `${label}: no stickman "${id}"; skipped`, object: id });
  return rig;
}

const withRig = (rig: RigRuntime | undefined, request: (rig: RigRuntime) => void): void => {
  if (rig) request(rig);
};

export const COMMAND_APPLY: { readonly [K in CommandType]: CommandApply<K> } = {
  'prop.setVelocity': (s, c) => {
    if (s.leftStage.has(c.id)) s.sink.warnings.push({ message: `set_velocity: "${c.id}" has left the stage; skipped`, object: c.id });
    else s.world.setBodyVelocity(c.id, c.velocity);
  },
  'rig.walkTo': (s, c) => {
    const rig = rigOf(s, 'walk_to', c.id);
    if (rig) walkTo(rig, c.x, c.y ?? rig.motion.root[1]);
  },
  'rig.stopQueue': (s, c) => withRig(rigOf(s, 'stop_queue', c.id), stopQueue),
  'rig.startQueue': (s, c) => withRig(rigOf(s, 'start_queue', c.id), startQueue),
  'rig.ragdoll': (s, c) => withRig(rigOf(s, 'ragdoll', c.id), (r) => setRagdoll(r, 'call')),
  'rig.recover': (s, c) => withRig(rigOf(s, 'recover', c.id), recover),
  'grab.start': (s, c) => startGrab(s, c.id, c.point),
  'grab.move': (s, c) => {
    if (s.grab) s.grab.cursor = [c.point[0], c.point[1]];
  },
  'grab.end': (s) => endGrab(s),
};
