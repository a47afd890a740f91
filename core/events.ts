/** Stage events (DESIGN.md §7): what happened on stage, in a form rules can match. */
type Vec2 = [number, number];

export const STAGE_EVENT_TYPES = [
  'collided', 'separated', 'entered_area', 'exited_area', 'arrived', 'action_started', 'action_finished',
  'queue_finished', 'speech_finished', 'state_changed', 'prop_picked_up', 'prop_dropped', 'prop_thrown',
  'left_stage',
] as const;

export type StageEventType = (typeof STAGE_EVENT_TYPES)[number];

export interface StageEvent {
  type: StageEventType;
  source: string;
  target: string | null;
  position?: Vec2;
  /** collided: world-space unit normal from source to target. */
  normal?: Vec2;
  /** collided: relative speed in px/s. */
  speed?: number;
  /** collided with a stickman: the rig part that touched first. */
  part?: string;
  reason?: string;
  outcome?: string;
  action_id?: string;
  /** state_changed: the new rig state and the one before it. */
  state?: string;
  previous?: string;
}
