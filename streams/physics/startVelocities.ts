/**
 * How fast each prop was moving as the step under way began (stage px/s), for the contacts that
 * step starts: the speed two bodies met with is their velocities before the solver pushed them
 * apart (issue 19, seed 4.5's reaction size). Rapier keeps only the velocity after a step, and
 * undoing the pair's contact impulse from it is no answer where a kinematic proxy presses into a
 * prop: the impulse then carries the solver's penetration correction, and a walker's shin meeting a
 * box at ~700 px/s read as 7,252. A prop's own move over the step before is no answer either: where it
 * closes on something the solver already stops it short a step before the contact starts.
 *
 * So the table is the velocity each step ends with (every prop's, read with its pose:
 * `PhysicsWorld.readPoses`), changed by whatever sets a prop's velocity before the next step (a
 * command, a release, a let-go), and it becomes "as the step began" when the next step starts.
 */
export class StartVelocities {
  private ids: readonly string[] = [];
  private readonly index = new Map<string, number>();
  /** x, y per prop as the step under way began: what its contacts are measured against. */
  private current = new Float64Array(0);
  /** …as the next step will begin. */
  private next = new Float64Array(0);

  /** The props the table is for (none until the first read). */
  get props(): readonly string[] {
    return this.ids;
  }

  /** The next step's table for `ids` (x, y each, `ids` order) to fill after a step; the same `ids` keep their table. */
  nextFor(ids: readonly string[]): Float64Array {
    if (ids !== this.ids || this.index.size !== ids.length) {
      this.ids = ids;
      this.index.clear();
      ids.forEach((id, i) => this.index.set(id, i));
      this.current = new Float64Array(ids.length * 2);
      this.next = new Float64Array(ids.length * 2);
    }
    return this.next;
  }

  /** Prop `id` will begin the next step moving at `(vx, vy)` px/s (a prop this table does not know is ignored). */
  set(id: string, vx: number, vy: number): void {
    const i = this.index.get(id);
    if (i === undefined) return;
    this.next[i * 2] = vx;
    this.next[i * 2 + 1] = vy;
  }

  /** A step begins: what it begins with is what its contacts will be measured against. */
  beginStep(): void {
    const began = this.next;
    this.next = this.current;
    this.current = began;
  }

  /** Prop `id`'s velocity as the step under way began, into `out` (px/s); false for a body that is no prop here. */
  read(id: string, out: { x: number; y: number }): boolean {
    const i = this.index.get(id);
    if (i === undefined) return false;
    out.x = this.current[i * 2];
    out.y = this.current[i * 2 + 1];
    return true;
  }
}
