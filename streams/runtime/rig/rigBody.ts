/**
 * A stickman's physical body while it is not animated (issue 8): the ragdoll it becomes and the
 * stand-up it recovers through. The rig machine decides when; this does the work: build from
 * the solved pose and the tracked momentum, read back each step, notice rest, capture, free,
 * re-anchor on the terrain under the pelvis, and blend from the captured pose to standing.
 */
import type { RagdollBlueprint } from '../../../core/ragdoll/blueprint';
import {
  MomentumTracker, RestTracker, STAND_UP_SECONDS, endsFromBodies, writePartEnds, entryCorrection, entryWeight, fitKey, poseFromEnds, ragdollBlueprint, standUpPose,
  standUpVariant, withEntryCorrection, type EntryCorrection, type RagdollEnds, type StandUpKey, type StandUpVariant,
} from '../../../core/ragdoll';
import type { Facing } from '../../../core/rig/facing';
import { defaultStandingPose, type MarkerPose } from '../../../core/rig/markers';
import type { RigProportions } from '../../../core/rig/proportions';
import { PART_NAMES, solvePose, type RigLocalPose } from '../../../core/rig/skeleton';
import type { Vec2 } from '../../../core/rig/vec';
import type { WorldPose } from '../../../core/rig/worldPose';
import type { TerrainIndex } from '../../../core/terrain/terrainIndex';
import type { PhysicsWorld } from '../../physics/world';

const HEAD = PART_NAMES.indexOf('head');
const TORSO = PART_NAMES.indexOf('torso');
const LEFT_SHIN = PART_NAMES.indexOf('left_lower_leg');
const RIGHT_SHIN = PART_NAMES.indexOf('right_lower_leg');

/** How far above the pelvis the search for ground under a fallen stickman starts (px). */
const REANCHOR_ABOVE = 300;
const REANCHOR_RANGE = 3000;

export class RigBody {
  readonly momentum = new MomentumTracker();
  private readonly ragdollPoses = new Float64Array(PART_NAMES.length * 3);
  private rest: RestTracker | null = null;
  /** A ragdoll exists and `ragdollPoses` holds its bodies as last read. */
  private hasRagdoll = false;
  /** Derived from `ragdollPoses` when first asked for (the ends, then the pose around them), kept while the bodies sleep (./readRagdoll). */
  private cachedEnds: RagdollEnds | null = null;
  private cachedPose: WorldPose | null = null;
  private cachedRoot: Vec2 | null = null;

  /**
   * Counts the ragdoll's moves: it changes whenever what `writeRagdollEnds` would write may have
   * (the bodies moved, were built or were freed), and never comes back to an earlier value, so a
   * frame view made at the same count still shows the ragdoll as it is.
   */
  get ragdollMoves(): number {
    return this.moves;
  }

  private moves = 0;

  /** The ragdoll's part ends (core/ragdoll `writePartEnds`) into `out`; nothing while there is no ragdoll. */
  writeRagdollEnds(out: number[]): void {
    if (this.hasRagdoll) writePartEnds(this.ragdollPoses, this.proportions, out);
  }

  /** The ragdoll's pose this step (stage px), while it is a ragdoll; built when asked for. */
  get ragdollPose(): WorldPose | null {
    if (!this.hasRagdoll) return null;
    this.cachedPose ??= poseFromEnds(this.ragdollEnds()!, this.proportions);
    return this.cachedPose;
  }

  /**
   * The two ends of each of the ragdoll's parts this step (the pose's parts run between these very
   * arrays): what a frame draws, without building the pose. The same until the bodies move;
   * read-only to callers.
   */
  ragdollEnds(): RagdollEnds | null {
    if (!this.hasRagdoll) return null;
    this.cachedEnds ??= endsFromBodies(this.ragdollPoses, this.proportions);
    return this.cachedEnds;
  }

  /**
   * The pelvis x and the lowest y of the ragdoll's parts (the root follows them), without building
   * the pose; the same array until the bodies move, never changed once made (frames keep it).
   */
  ragdollRoot(): Readonly<Vec2> | null {
    if (!this.hasRagdoll) return null;
    if (this.cachedRoot) return this.cachedRoot;
    const b = this.ragdollPoses;
    // Body i's far end along its hanging axis: centre + (−sin a, cos a) · half its length.
    const torso = TORSO * 3;
    const pelvisX = b[torso] - Math.sin(b[torso + 2]) * (this.proportions.torso / 2);
    const pelvisY = b[torso + 1] + Math.cos(b[torso + 2]) * (this.proportions.torso / 2);
    const half = this.proportions.lowerLeg / 2;
    const leftFootY = b[LEFT_SHIN * 3 + 1] + Math.cos(b[LEFT_SHIN * 3 + 2]) * half;
    const rightFootY = b[RIGHT_SHIN * 3 + 1] + Math.cos(b[RIGHT_SHIN * 3 + 2]) * half;
    this.cachedRoot = [pelvisX, Math.max(pelvisY, leftFootY, rightFootY, b[HEAD * 3 + 1])];
    return this.cachedRoot;
  }
  /** What the last ragdoll was built from (the benchmark's bare world builds the same). */
  lastBlueprint: RagdollBlueprint | null = null;
  /** The stand-up under way: the key it starts from and what IK could not match of the lying body (./standUpEntry). */
  private standUp: { from: StandUpKey; variant: StandUpVariant; elapsed: number; entry: EntryCorrection } | null = null;

  constructor(
    private readonly id: string,
    private readonly physics: PhysicsWorld,
    private readonly terrain: TerrainIndex,
    private readonly proportions: RigProportions,
    private readonly order: number,
  ) {}

  get isRagdoll(): boolean {
    return this.hasRagdoll;
  }

  /** Seconds the ragdoll has been still (the debug overlay's rest timer). */
  get restSeconds(): number {
    return this.rest?.still ?? 0;
  }

  get standUpVariant(): StandUpVariant | null {
    return this.standUp?.variant ?? null;
  }

  /** Builds the ragdoll from the pose the stickman has now, moving as it moved (RAGDOLL entry). */
  becomeRagdoll(pose: WorldPose, facing: Facing, dt: number): void {
    this.standUp = null;
    this.physics.setPartsEnabled(this.id, false);
    this.lastBlueprint = ragdollBlueprint(pose, facing, this.proportions, this.momentum.motion(dt));
    this.physics.addRagdoll(this.id, this.lastBlueprint, this.order);
    this.rest = new RestTracker();
    this.momentum.reset();
    this.hasRagdoll = false;
    this.forgetDerived();
    this.readRagdoll();
  }

  /** Post-physics read-back; true on the step the ragdoll comes to rest. A held ragdoll never rests. */
  stepRagdoll(dt: number, held = false): boolean {
    const read = this.readRagdoll();
    if (!read || !this.rest) return false;
    if (held) {
      this.rest.reset();
      return false;
    }
    return this.rest.step(read.still, dt);
  }

  /**
   * RECOVERING entry (seed 4.5 order): capture the ragdoll pose, free its bodies and joints,
   * re-anchor the root on the terrain under the pelvis, fit markers to the captured pose, turn
   * the proxies back on. Returns the new root and the markers and lean to solve this step.
   */
  startRecovery(facing: Facing, fallbackRoot: Vec2): { root: Vec2; key: StandUpKey } {
    this.readRagdoll();
    const captured = this.ragdollPose;
    this.physics.removeRagdoll(this.id);
    this.hasRagdoll = false;
    this.forgetDerived();
    this.rest = null;
    if (!captured) {
      this.standUp = null;
      // Nothing to capture (no ragdoll was built): stand where it is, in the standing pose.
      return { root: fallbackRoot, key: { markers: defaultStandingPose(this.proportions), torsoLean: 0, headLean: 0 } };
    }
    const pelvis = captured.torso.start;
    const lowest = Math.max(...PART_NAMES.map((p) => Math.max(captured[p].start[1], captured[p].end[1])));
    const ground = this.terrain.probeDown(pelvis[0], pelvis[1] - REANCHOR_ABOVE, REANCHOR_RANGE);
    const root: Vec2 = [pelvis[0], ground ? ground.point[1] : lowest];
    const key = fitKey(captured, root, facing);
    const entry = entryCorrection(captured, root, facing, solvePose(key.markers, this.proportions, { torsoLean: key.torsoLean, headLean: key.headLean }));
    this.standUp = { from: key, variant: standUpVariant(key), elapsed: 0, entry };
    this.physics.setPartsEnabled(this.id, true);
    return { root, key };
  }

  /** Advances the stand-up one step: the pose to solve, and whether it is done. */
  stepStandUp(standing: MarkerPose, dt: number): { key: StandUpKey; done: boolean } | null {
    const s = this.standUp;
    if (!s) return null;
    s.elapsed += dt;
    const progress = s.elapsed / STAND_UP_SECONDS;
    return { key: standUpPose(s.from, s.variant, standing, progress), done: progress >= 1 - 1e-9 };
  }

  /**
   * A stand-up key solved, with what is left of the entry correction: the first pose is the one
   * the ragdoll lay in, and the difference IK makes fades out early in the stand-up.
   */
  solveStandUp(key: StandUpKey): RigLocalPose {
    const solved = solvePose(key.markers, this.proportions, { torsoLean: key.torsoLean, headLean: key.headLean });
    const s = this.standUp;
    return s ? withEntryCorrection(solved, s.entry, entryWeight(s.elapsed)) : solved;
  }

  /** The stand-up was cancelled (knocked down again) or finished. */
  endStandUp(): void {
    this.standUp = null;
  }

  /** Every exit path (PLAY exit, RESET, leaving the stage) frees the bodies and joints. */
  release(): void {
    this.physics.removeRagdoll(this.id);
    this.hasRagdoll = false;
    this.forgetDerived();
    this.rest = null;
    this.standUp = null;
  }

  /** The bodies moved (or are gone): what was derived from them is stale. */
  private forgetDerived(): void {
    this.moves += 1;
    this.cachedEnds = null;
    this.cachedPose = null;
    this.cachedRoot = null;
  }

  private readRagdoll() {
    const read = this.physics.readRagdoll(this.id, this.ragdollPoses, this.hasRagdoll);
    if (!read) return null;
    // Asleep, it has not moved: the pose read last is still the pose.
    if (!read.asleep) this.forgetDerived();
    this.hasRagdoll = true;
    return read;
  }
}
