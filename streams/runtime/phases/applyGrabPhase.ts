/** Before the physics step: the director's grab pulls what it holds towards the cursor. */
export { applyGrab } from '../grabbing';
