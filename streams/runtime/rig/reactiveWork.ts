/**
 * A rig's reactive work between the rules and its runner: reactions accepted during a dispatch
 * wait here for the start of the next step (DESIGN.md §6 step 5), and every item remembers the
 * dispatch chain it belongs to so its events carry it. Plain data: a keyframe copies it whole.
 */
import type { ReactiveMode } from '../../../core/actions/lane';
import type { StageEvent } from '../../../core/events';
import type { ActionPayload } from '../../../core/scene/schema';
import type { ChainId } from '../eventChains';

export interface PendingReaction {
  mode: ReactiveMode;
  id: string;
  action: ActionPayload;
}

export class ReactiveWork {
  /** How many reactive items this rig took: their ids count up (`rule#3`). */
  private count = 0;
  /** Reactions accepted during a dispatch; they reach the runner at the start of the next step. */
  pending: PendingReaction[] = [];
  /** Dispatch chain of every reactive item not finished yet (its events belong to that chain). */
  private readonly chainOfItem = new Map<string, ChainId>();
  /** The walk being run and the chain it belongs to (an `arrived` inherits it). */
  walkChain: ChainId = 0;
  /** A speech_finished waits for the runner's next `finished` to learn whose chain it is. */
  untaggedSpeech: StageEvent | null = null;

  /** A new reactive item from `origin` in `chain`: its id. */
  accept(mode: ReactiveMode, action: ActionPayload, origin: string, chain: ChainId): PendingReaction {
    this.count += 1;
    const id = `${origin}#${this.count}`;
    if (chain !== 0) this.chainOfItem.set(id, chain);
    return { mode, id, action };
  }

  /** The reactions waiting for this step, in order (and none waiting after). */
  take(): PendingReaction[] {
    const batch = this.pending;
    this.pending = [];
    return batch;
  }

  chainOf(itemId: string): ChainId {
    return this.chainOfItem.get(itemId) ?? 0;
  }

  /** The item finished: its chain is no longer needed. */
  finished(itemId: string): void {
    this.chainOfItem.delete(itemId);
  }
}
