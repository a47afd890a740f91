export * from './constants';
export * from './types';
export { createLocomotion, beginTerrainFall, enterAirborne, stepLocomotion, type TerrainPhase } from './rigMotion';
export { decideWalk } from './walk';
export { requiredPelvisDrop } from './pelvis';
