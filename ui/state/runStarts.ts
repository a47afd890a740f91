/**
 * The director starting over (issue 21): RESET in PLAY, or a new or opened scene. Panels that
 * show one run (the timeline) hear it before the new run's first record. PLAY entered from EDIT
 * or DIRECT needs no notice: its stage transition opens the new run in the records themselves.
 * A seek's own restart also goes through RESET; listeners tell it apart by the take session's
 * `isSeeking`.
 */
export type RunStartCause = 'reset' | 'scene';

export class RunStarts {
  private readonly listeners = new Set<(cause: RunStartCause) => void>();

  listen(listener: (cause: RunStartCause) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  fire(cause: RunStartCause): void {
    for (const l of this.listeners) l(cause);
  }
}
