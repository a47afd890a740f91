/**
 * Runtime commands (DESIGN.md §6 step 1): what the UI, the CLI or a grab asks of a running stage.
 * A discriminated union, applied at the start of the next step and traced as a `command` record
 * with the tick it took effect, so the document plus its commands replays a run exactly.
 */
import type { Vec2 } from '../physics/entities';

export type RuntimeCommand =
  | { type: 'prop.setVelocity'; id: string; velocity: Vec2 }
  | { type: 'rig.walkTo'; id: string; x: number; y?: number }
  | { type: 'rig.stopQueue'; id: string }
  | { type: 'rig.startQueue'; id: string }
  /** Direct calls: go ragdoll now / stand up now (seed 4.5: set_ragdoll, recover). */
  | { type: 'rig.ragdoll'; id: string }
  | { type: 'rig.recover'; id: string }
  /**
   * The director's grab in PLAY: take hold of a prop or a stickman (which goes ragdoll, held by
   * the part nearest `point`) at `point`, drag the hold to `point`, let go.
   */
  | { type: 'grab.start'; id: string; point: Vec2 }
  | { type: 'grab.move'; point: Vec2 }
  | { type: 'grab.end' };

export type RuntimeCommandType = RuntimeCommand['type'];

/** Thrown for a value that is not a command at all (typed callers cannot build one). */
export class InvalidCommandError extends Error {
  constructor(what: string) {
    super(`invalid runtime command: ${what}`);
    this.name = 'InvalidCommandError';
  }
}

const COMMAND_TYPES: ReadonlySet<string> = new Set<RuntimeCommandType>(['prop.setVelocity', 'rig.walkTo', 'rig.stopQueue', 'rig.startQueue', 'rig.ragdoll', 'rig.recover', 'grab.start', 'grab.move', 'grab.end']);

/** Checks an untyped value (a replayed take, a console call) before it can reach the runtime. */
export function assertRuntimeCommand(value: unknown): asserts value is RuntimeCommand {
  const c = value as { type?: unknown; id?: unknown } | null;
  if (!c || typeof c !== 'object') throw new InvalidCommandError('not an object');
  if (typeof c.type !== 'string' || !COMMAND_TYPES.has(c.type)) throw new InvalidCommandError(`unknown type ${JSON.stringify(c.type)?.slice(0, 60)}`);
  if (c.type !== 'grab.move' && c.type !== 'grab.end' && typeof c.id !== 'string') throw new InvalidCommandError(`${c.type} needs a string id`);
}
