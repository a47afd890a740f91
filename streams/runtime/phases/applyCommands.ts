/**
 * Phase 1 (DESIGN.md §6): PLAY start on the first step (every rig begins with a terrain fall,
 * then its queue), the reactions accepted by the last dispatch, then the commands queued since
 * the last step — each traced as a `command` record with the tick it took effect.
 */
import type { RuntimeCommand } from '../commands';
import { endGrab, startGrab } from '../grabbing';
import { note, type StepState } from '../stepState';

export function applyCommands(s: StepState): void {
  if (!s.started) {
    s.started = true;
    for (const r of s.rigs) r.start();
  }
  for (const r of s.rigs) r.deliverReactions();
  const commands = s.commands;
  s.commands = [];
  for (const c of commands) {
    note(s, { t: s.time, tick: s.tick, type: 'command', command: c });
    applyCommand(s, c);
  }
}

function applyCommand(s: StepState, c: RuntimeCommand): void {
  switch (c.type) {
    case 'prop.setVelocity':
      if (s.leftStage.has(c.id)) s.sink.warnings.push({ message: `set_velocity: "${c.id}" has left the stage; skipped`, object: c.id });
      else s.world.setBodyVelocity(c.id, c.velocity);
      return;
    case 'rig.walkTo': {
      const rig = s.rigById.get(c.id);
      if (!rig) s.sink.warnings.push({ message: `walk_to: no stickman "${c.id}"; skipped`, object: c.id });
      else if (!Number.isFinite(c.x)) s.sink.warnings.push({ message: 'walk_to: target x is not a finite number; skipped', object: rig.id });
      else rig.walkTo(c.x, c.y !== undefined && Number.isFinite(c.y) ? c.y : rig.motion.root[1]);
      return;
    }
    case 'rig.stopQueue':
    case 'rig.startQueue': {
      const rig = s.rigById.get(c.id);
      if (!rig) s.sink.warnings.push({ message: `${c.type === 'rig.stopQueue' ? 'stop' : 'start'}_queue: no stickman "${c.id}"; skipped`, object: c.id });
      else if (c.type === 'rig.stopQueue') rig.stopQueue();
      else rig.startQueue();
      return;
    }
    case 'rig.ragdoll':
    case 'rig.recover': {
      const rig = s.rigById.get(c.id);
      if (!rig) s.sink.warnings.push({ message: `${c.type === 'rig.ragdoll' ? 'ragdoll' : 'recover'}: no stickman "${c.id}"; skipped`, object: c.id });
      else if (c.type === 'rig.ragdoll') rig.setRagdoll('call');
      else rig.recover();
      return;
    }
    case 'grab.start':
      startGrab(s, c.id, c.point);
      return;
    case 'grab.move':
      if (s.grab && Number.isFinite(c.point[0]) && Number.isFinite(c.point[1])) s.grab.cursor = [c.point[0], c.point[1]];
      return;
    case 'grab.end':
      endGrab(s);
      return;
    default: {
      const unknown: never = c;
      s.sink.warnings.push({ message: `unknown command ${JSON.stringify((unknown as { type?: unknown }).type)}; skipped`, object: '' });
    }
  }
}
