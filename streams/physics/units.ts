/** The one place that knows Rapier works in meters: stage pixels ↔ meters at the physics boundary. */
export const PIXELS_PER_METER = 100;
export const toMeters = (px: number): number => px / PIXELS_PER_METER;
export const toPixels = (m: number): number => m * PIXELS_PER_METER;
