/**
 * State tags the machines share with their readers (connectRig): what a state is, said by the
 * state itself, so a reader asks `snapshot.hasTag(…)` instead of keeping a list of state names.
 */

/** The state runs a clock: it must be sent its `step` (`dt`) every fixed step (waits, speech, the reach, the throw). */
export const COUNTS_TIME = 'countsTime';
