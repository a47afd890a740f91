/**
 * A per-step budget on the stage events contacts raise (issue 24). A crowd stacked on one spot or a
 * pile of props starts thousands of contact pairs in one step (300 stacked stickmen: 90,000
 * `collided` events, 1,000 of them: a million), and each event is traced and dispatched to every
 * rule. Past MAX_CONTACT_EVENTS_PER_STEP in a step, a pair's `collided` is not raised — and then
 * neither is its `separated`, so a rule never sees one without the other — and the trace says so
 * once per step. The physics and the bookkeeping behind the events are unchanged: only what
 * reaches the rules is bounded.
 */

/** `collided` events contacts may raise in one step. */
export const MAX_CONTACT_EVENTS_PER_STEP = 2000;

/** A silenced pair's key (ids never hold `|`: core/scene/values idSchema). */
const pairKey = (a: string, b: string): string => `${a}|${b}`;

export class ContactBudget {
  private left = MAX_CONTACT_EVENTS_PER_STEP;
  private overThisStep = 0;
  /** Per pair key: contact starts not raised, whose stops must not be raised either. */
  private readonly silenced = new Map<string, number>();

  /** A new step: the budget is full again. */
  beginStep(): void {
    this.left = MAX_CONTACT_EVENTS_PER_STEP;
    this.overThisStep = 0;
  }

  /** Pair `a`, `b` started touching and would raise `count` collided events: may it? */
  started(a: string, b: string, count: number): boolean {
    if (count <= this.left) {
      this.left -= count;
      return true;
    }
    this.overThisStep += count;
    const key = pairKey(a, b);
    this.silenced.set(key, (this.silenced.get(key) ?? 0) + 1);
    return false;
  }

  /** Pair `a`, `b` let go: raise its separated events unless its collided were not raised. */
  stopped(a: string, b: string): boolean {
    // Nearly always nothing is silenced: no key is built then.
    if (this.silenced.size === 0) return true;
    const key = pairKey(a, b);
    const n = this.silenced.get(key);
    if (n === undefined) return true;
    if (n > 1) this.silenced.set(key, n - 1);
    else this.silenced.delete(key);
    return false;
  }

  /** Forgets the silenced pairs of an object whose contacts end without events (ragdoll entry, leaving play). */
  purge(id: string): void {
    for (const key of [...this.silenced.keys()]) if (key.split('|').includes(id)) this.silenced.delete(key);
  }

  /** The step's warning, if any contact event was held back. */
  warning(): string | null {
    if (this.overThisStep === 0) return null;
    return `contact budget: ${this.overThisStep} collided events past the ${MAX_CONTACT_EVENTS_PER_STEP} a step were not raised (nor will their separations be)`;
  }
}
