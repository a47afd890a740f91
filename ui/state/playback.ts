/**
 * Playback controls of PLAY: the speed (how many fixed steps run per frame; the step itself
 * never changes, DESIGN §4) and the camera following the selected stickman.
 *
 * Follow and a manual pan: a pan means the director wants to look elsewhere, so it holds the
 * follow (the camera stops moving) instead of fighting it; the Follow button, or clicking a
 * stickman, resumes it.
 *
 * The director's camera (issue 23): a scene that directs the camera is shown through it in PLAY
 * while it is switched on (the default). A pan or a zoom by hand switches to a free camera until
 * it is switched back on; Follow and the director's camera exclude each other (switching one on
 * switches the other off), so the view never has two owners.
 */
import { batch, createSignal, type Accessor } from 'solid-js';

/** Speeds offered, slowest first. */
export const SPEEDS = [0.25, 0.5, 1, 2] as const;
export type Speed = (typeof SPEEDS)[number];

export function speedLabel(s: number): string {
  return s === 0.25 ? '¼×' : s === 0.5 ? '½×' : `${s}×`;
}

export class Playback {
  readonly speed: Accessor<Speed>;
  /** Follow is switched on (the toggle). */
  readonly followOn: Accessor<boolean>;
  /** A manual pan holds the follow until it is resumed. */
  readonly followHeld: Accessor<boolean>;
  /** The director's camera is switched on (shown in PLAY when the scene directs one). */
  readonly directorOn: Accessor<boolean>;
  private readonly setDirectorOn: (b: boolean) => void;
  private readonly setSpeedSignal: (s: Speed) => void;
  private readonly setFollowOn: (b: boolean) => void;
  private readonly setFollowHeld: (b: boolean) => void;

  constructor() {
    [this.speed, this.setSpeedSignal] = createSignal<Speed>(1);
    [this.followOn, this.setFollowOn] = createSignal(false);
    [this.followHeld, this.setFollowHeld] = createSignal(false);
    [this.directorOn, this.setDirectorOn] = createSignal(true);
  }

  setSpeed(s: number): void {
    const known = SPEEDS.find((x) => x === s);
    if (known !== undefined) this.setSpeedSignal(known);
  }

  /** One speed up (or down with `by` −1), staying within SPEEDS. */
  stepSpeed(by: 1 | -1): void {
    const i = SPEEDS.indexOf(this.speed());
    this.setSpeedSignal(SPEEDS[Math.max(0, Math.min(SPEEDS.length - 1, i + by))]);
  }

  /** The toggle: off → on; on (even held) → off. Turning it on clears a hold. */
  toggleFollow(on?: boolean): void {
    const next = on ?? !(this.followOn() && !this.followHeld());
    batch(() => {
      this.setFollowOn(next);
      this.setFollowHeld(false);
      if (next) this.setDirectorOn(false);
    });
  }

  /** The director's camera toggle: on switches Follow off; off leaves a free camera where it was. */
  toggleDirector(on?: boolean): void {
    const next = on ?? !this.directorOn();
    batch(() => {
      this.setDirectorOn(next);
      if (next) {
        this.setFollowOn(false);
        this.setFollowHeld(false);
      }
    });
  }

  /** A pan or zoom by hand (or Fit) in PLAY: the free camera takes over from the director's. */
  freeCamera(): void {
    if (this.directorOn()) this.setDirectorOn(false);
  }

  /** A manual pan: a running follow holds. */
  holdFollow(): void {
    if (this.followOn() && !this.followHeld()) this.setFollowHeld(true);
  }

  /** A new stickman to follow was chosen: a held follow resumes. */
  resumeFollow(): void {
    if (this.followHeld()) this.setFollowHeld(false);
  }

  /** Follow is on and not held. */
  following(): boolean {
    return this.followOn() && !this.followHeld();
  }
}
