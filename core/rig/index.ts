// Public API of the pure rig model: proportions, IK markers, two-bone IK, skeleton solve,
// stage placement, collision-proxy geometry and hit reactions.
// Only the type: the vector helpers themselves belong to core/geometry/vec.
export type { Vec2 } from './vec';
export * from './proportions';
export * from './facing';
export * from './markers';
export * from './ik';
export * from './skeleton';
export { toWorld, type WorldPart, type WorldPose } from './worldPose';
export * from './proxies';
export * from './reactions';
