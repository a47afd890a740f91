/** Ramps and stairs are placed in brown earth; blocks keep the terrain's default slate. */
export const EARTH = '#8a7b62';
