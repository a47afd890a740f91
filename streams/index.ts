/** The public surface of the simulation for render/ and ui/. */
export { StageController } from './stage/stageController';
export { startFrameDriver } from './stage/frameDriver';
export { initPhysics } from './physics/rapier';
export type { FrameSnapshot, PropView, RigView, AreaView, TerrainView, RigPartView } from './frame/frame';
export type { TraceRecord } from './trace/records';
export { documentFrame } from './frame/documentFrame';
