/** When a ragdoll is at rest (issue 8): every part slower than the thresholds for long enough. */
import { RAGDOLL_MAX_SECONDS, RAGDOLL_REST_SECONDS } from './constants';

export class RestTracker {
  /** Seconds every part has been still. */
  still = 0;
  /** Seconds since the ragdoll was built. */
  age = 0;
  private reported = false;

  /** Held (grabbed): nothing has been still, and nothing has been reported, yet. */
  reset(): void {
    this.still = 0;
    this.age = 0;
    this.reported = false;
  }

  /**
   * Advances by one step; `still`: every part was slower than RAGDOLL_REST_SPEED (px/s) and
   * RAGDOLL_REST_ANGULAR_SPEED (rad/s) this step (the read-back measures it while it reads).
   * True exactly once: on the step the ragdoll comes to rest (or gives up settling).
   */
  step(still: boolean, dt: number): boolean {
    this.age += dt;
    this.still = still ? this.still + dt : 0;
    if (this.reported) return false;
    if (this.still >= RAGDOLL_REST_SECONDS - 1e-9 || this.age >= RAGDOLL_MAX_SECONDS - 1e-9) {
      this.reported = true;
      return true;
    }
    return false;
  }
}
