/**
 * Keeps a timeline buffer on the runs of one take session (issue 21): the director's RESET, New
 * and Open start a new run (a seek's own restart does not: it re-simulates the same run), and a
 * branch or its undo drops the records after the branch's tick. PLAY entered and seeks need
 * nothing here: the buffer reads those from the records and the steps themselves.
 */
import type { TakeSession } from '../../streams/take/session';
import type { RunStarts } from './runStarts';
import type { TimelineBuffer } from './timelineBuffer';

export function followTake(buffer: TimelineBuffer, session: TakeSession, runStarts: RunStarts | null): () => void {
  const stopRuns = runStarts?.listen((cause) => {
    if (cause === 'reset' && session.isSeeking) return;
    buffer.startRun();
  });
  // The take's branches as last seen, each with the buffer's mark when it was made.
  let branches: ReadonlyArray<{ tick: number; mark: number }> = [];
  let tape: unknown = session.tape;
  const sub = session.changes$.subscribe(() => {
    const history = session.branchHistory;
    // A new take drops its branches with it: that is a new run, not a cut.
    const sameTake = session.tape === tape;
    tape = session.tape;
    let kept = 0;
    while (kept < branches.length && kept < history.length && branches[kept].tick === history[kept].tick) kept += 1;
    if (sameTake && kept < branches.length) {
      // Undone: the branch's records go, those at its own tick made after it too.
      const undone = branches[kept];
      buffer.truncateAfter(undone.tick, undone.mark);
    }
    const next = branches.slice(0, kept);
    for (const b of history.slice(kept)) {
      // A new branch: the old future after its tick goes.
      if (sameTake) buffer.truncateAfter(b.tick);
      next.push({ tick: b.tick, mark: buffer.mark });
    }
    branches = sameTake ? next : history.map((b) => ({ tick: b.tick, mark: buffer.mark }));
  });
  return () => {
    stopRuns?.();
    sub.unsubscribe();
  };
}
