/**
 * The most fixed steps one browser frame runs (streams/stage/frameDriver drops a longer backlog).
 * The director's cursor reaches the stage once a frame, so it also bounds how long a cursor can
 * seem to stand still while it moves (core/geometry/letGoVelocity).
 */
export const MAX_STEPS_PER_FRAME = 8;
