/**
 * Which actors the stage system has (live, walked from the root actor) or will have in PLAY (one
 * rig per stickman of the document, with the children its machine declares), and the machine
 * definition behind each actor id. Ids are the trace's actor paths: `stage`, `rig:<id>`,
 * `rig:<id>/<child>` (DESIGN.md §5). Definitions on their own are `machine:<machine id>`.
 */
import type { AnyActorRef, AnyStateMachine } from 'xstate';
import { stageMachine } from '../../machines/stageMachine';
import { rigMachine } from '../../machines/rigMachine';
import { actorPath } from '../../streams/trace/inspector';

export const STAGE_ACTOR = 'stage';
export const DEFINITION_PREFIX = 'machine:';

const isMachine = (logic: unknown): logic is AnyStateMachine =>
  !!logic && typeof logic === 'object' && 'root' in logic && typeof (logic as { id?: unknown }).id === 'string' && 'implementations' in logic;

const childMachines = (machine: AnyStateMachine): Array<[string, AnyStateMachine]> =>
  Object.entries((machine.implementations?.actors ?? {}) as Record<string, unknown>).filter((e): e is [string, AnyStateMachine] => isMachine(e[1]));

/** Every machine definition reachable from the stage machine (its actors, theirs, …), stage first. */
export function machineDefinitions(): AnyStateMachine[] {
  const out: AnyStateMachine[] = [];
  const visit = (m: AnyStateMachine) => {
    if (out.some((x) => x.id === m.id)) return;
    out.push(m);
    for (const [, child] of childMachines(m)) visit(child);
  };
  visit(stageMachine);
  return out;
}

/**
 * The machine behind an actor id, from the id alone: `stage`, a rig, a rig's child (the part after
 * the last `/`, when the rig machine declares a child actor of that name — stickman ids may
 * themselves contain `/`), or a definition id.
 */
export function machineForActorId(id: string): AnyStateMachine | null {
  if (id.startsWith(DEFINITION_PREFIX)) return machineDefinitions().find((m) => m.id === id.slice(DEFINITION_PREFIX.length)) ?? null;
  if (id === STAGE_ACTOR) return stageMachine;
  if (!id.startsWith('rig:')) return null;
  const slash = id.lastIndexOf('/');
  if (slash > 'rig:'.length) {
    const child = childMachines(rigMachine).find(([key]) => key === id.slice(slash + 1));
    if (child) return child[1];
  }
  return rigMachine;
}

/** The actors PLAY creates for these stickmen: the stage, then each rig followed by its children. */
export function plannedActorIds(stickmanIds: readonly string[]): string[] {
  const children = childMachines(rigMachine).map(([key]) => key);
  return [STAGE_ACTOR, ...stickmanIds.flatMap((id) => [`rig:${id}`, ...children.map((c) => `rig:${id}/${c}`)])];
}

/** Live actors of the system by id, depth first from the root (stopped ones excluded). */
export function liveActors(root: AnyActorRef): Map<string, AnyActorRef> {
  const out = new Map<string, AnyActorRef>();
  const visit = (ref: AnyActorRef) => {
    const snapshot = ref.getSnapshot() as { status?: string; children?: Record<string, AnyActorRef> } | undefined;
    if (!snapshot || snapshot.status === 'stopped') return;
    out.set(actorPath(ref as never), ref);
    for (const child of Object.values(snapshot.children ?? {})) if (child) visit(child);
  };
  visit(root);
  return out;
}

/** The machine a live actor runs (its own logic), or the catalog's guess from the id. */
export function machineOf(id: string, ref: AnyActorRef | undefined): AnyStateMachine | null {
  const logic = (ref as { logic?: unknown } | undefined)?.logic;
  return isMachine(logic) ? logic : machineForActorId(id);
}
