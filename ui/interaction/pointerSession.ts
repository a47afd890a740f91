/**
 * A running pointer machine for one stage: the actor, told when a live change ends elsewhere
 * (Esc, a mode change) so a drag never outlives its undo step. The canvas feeds it DOM events
 * (./domPointer); tests feed it synthetic ones.
 */
import { createActor, type Actor } from 'xstate';
import { pointerMachine, pointerStateOf, type PointerHost, type PointerInput, type PointerStateName } from './pointerMachine';

export interface PointerSession {
  readonly actor: Actor<typeof pointerMachine>;
  send(event: PointerInput): void;
  state(): PointerStateName;
  stop(): void;
}

export function startPointerSession(host: PointerHost): PointerSession {
  const actor = createActor(pointerMachine, { input: { host } });
  actor.start();
  const unsubscribe = host.editor.onTransientEnd(() => actor.send({ type: 'drag.ended' }));
  return {
    actor,
    send: (event) => actor.send(event),
    state: () => pointerStateOf(actor.getSnapshot()),
    stop() {
      unsubscribe();
      actor.stop();
    },
  };
}
