/**
 * Hard limits on take files (`.take.json`). A take is its scene (held to the scene limits) plus
 * the commands and stage controls of the run, each stamped with the tick it took effect.
 *
 * Memory budget (stated here, tested in tests/unit/take/budget.test.ts): a take keeps no frames,
 * only its commands, so its size grows with what the director did, not with how long it ran (the
 * keyframes a session keeps for seeking have their own budget: streams/take/keyframes.ts). The busiest input the UI produces is a grab dragged through every step (the
 * runtime coalesces cursor moves to one `grab.move` per step): a 10-minute take (36,000 steps)
 * of that is under TAKE_MEMORY_BUDGET_10_MIN bytes, in memory and as a file.
 */
export const TAKE_LIMITS = {
  /**
   * The scene may use the scene limit (4 MiB); the rest is commands: an hour with the busiest
   * command every step is about 22 MB (tests/unit/take/io.test.ts). Not more, because every file
   * under the limit must be decided within a second, and JSON.parse and the schema cost time in
   * proportion (`npm run bench:loader`: 64 MiB took 2–4 s, 32 MiB up to 2 s on a busy machine, 28 MiB 0.6–0.9 s).
   */
  maxFileBytes: 28 * 1024 * 1024,
  /** One hour of simulation at 60 steps per second (the scene's own seconds limit). */
  maxTicks: 216_000,
  /** Enough for a grab moved every step of the longest take, plus other commands; the schema costs ~2 µs each. */
  maxCommands: 250_000,
  /** Pauses and resumes. */
  maxControls: 50_000,
  maxNameLength: 200,
  /** An id a command names (a stickman, a prop); not checked against the scene, as at runtime. */
  maxIdLength: 200,
  maxCoordinate: 1_000_000,
  maxVelocity: 1_000_000,
} as const;

/** 60 steps per second, the fixed step of DESIGN.md §4; a take says so, so a change is caught. */
export const TAKE_STEPS_PER_SECOND = 60;

/** Bytes a 10-minute take may take at most (see the comment above). */
export const TAKE_MEMORY_BUDGET_10_MIN = 8 * 1024 * 1024;
