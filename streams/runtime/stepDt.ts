/** The fixed step (s): every rig, clock and sampled velocity of the stage runtime counts in it. */
export const STEP_DT = 1 / 60;
