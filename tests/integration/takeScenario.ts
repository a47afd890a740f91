/**
 * A live performance for the take tests (issue 14), driven like the app drives the stage: the
 * director presses PLAY, walks a stickman, drags and flings a box, pauses, steps frames, grabs a
 * stickman by the head (it goes ragdoll, hangs, stands up after the let-go), ragdolls the other
 * one by a Direct call after its throw, and stops after 10 s. A TakeSession records it; the test
 * keeps the live trace lines and every live frame.
 */
import type { SceneDocument } from '../../core/scene/schema';
import type { FrameSnapshot } from '../../streams/frame/frame';
import { initPhysics } from '../../streams/physics/rapier';
import { StageController } from '../../streams/stage/stageController';
import { TakeSession, type TakeSessionOptions } from '../../streams/take/session';
import { toJsonLine, type TraceRecord } from '../../streams/trace/records';
import { ground, prop, scene } from '../helpers/scenes';

type Obj = Record<string, unknown>;
const stickman = (id: string, x: number, extra: Obj = {}): Obj => ({ kind: 'stickman', id, position: [x, 1300], facing: 'RIGHT', ...extra });

/** Two stickmen dropped onto the ground (a landing each), one of them picks up a ball and throws it. */
export function performanceScene(): SceneDocument {
  return scene([ground(1400), stickman('bo', 800), stickman('al', 2000), prop('ball', 'ball', [950, 1300]), prop('box', 'box', [1500, 1300])], {
    queues: {
      bo: [
        { id: 'pick', type: 'pick_up_prop', target_prop_id: 'ball', hand: 'auto' },
        { id: 'th', type: 'throw_prop', target_position: [1900, 1000] },
        { id: 'say', type: 'speak', text: 'Catch!', seconds: 1 },
      ],
    },
    rules: [{ id: 'r1', when: { type: 'collided', source: 'ball', target: 'any' }, then: [{ actor: 'al', mode: 'overlay', action: { type: 'speak', text: 'Hey!', seconds: 1 } }] }],
  });
}

/** A frame as the tests compare it: everything but the mode flags a seek changes. */
export const frameKey = (f: FrameSnapshot): string => JSON.stringify({ ...f, mode: undefined, paused: undefined });

export interface LivePerformance {
  controller: StageController;
  session: TakeSession;
  /** The live trace, JSON lines, as `npm run sim` writes them (the summary last). */
  lines: string[];
  records: TraceRecord[];
  /** frameKey of the frame the live run showed at each tick (0 … end). */
  frames: string[];
  /** Ticks at which each rig was RAGDOLL in the live frames. */
  ragdollTicks: Map<string, number[]>;
  /** Ticks whose step landed a rig (a transition to LANDING_IMPACT). */
  landingTicks: number[];
}

export const PERFORMANCE_TICKS = 600;

export interface PerformanceOptions {
  /** Called after every live step (a test may take keyframes there). */
  onStep?: (controller: StageController) => void;
  /** How the take session is set up (keyframes or not). */
  session?: TakeSessionOptions;
}

export async function livePerformance(options: PerformanceOptions = {}): Promise<LivePerformance> {
  await initPhysics();
  const controller = new StageController(performanceScene());
  const session = new TakeSession(controller, options.session);
  const lines: string[] = [];
  const records: TraceRecord[] = [];
  controller.records$.subscribe((r) => {
    records.push(r);
    lines.push(toJsonLine(r));
  });
  const frames: string[] = [];
  const ragdollTicks = new Map<string, number[]>();
  const keep = () => {
    const f = controller.frame$.value;
    frames[f.tick] = frameKey(f);
    for (const r of f.rigs) if (r.state === 'RAGDOLL') ragdollTicks.set(r.id, [...(ragdollTicks.get(r.id) ?? []), f.tick]);
  };
  const stepTo = (tick: number) => {
    while (controller.tick < tick) {
      if (controller.mode.paused) controller.stepFrame();
      else controller.step(1);
      keep();
      options.onStep?.(controller);
    }
  };
  controller.send({ type: 'ui.play' });
  keep();
  stepTo(20);
  controller.walkTo('al', 2300);
  stepTo(60);
  // Drag the box up and to the right, then fling it.
  const box = controller.currentRuntime!.propState('box')!.position;
  controller.grabStart('box', [box[0], box[1]]);
  for (let i = 1; i <= 30; i += 1) {
    controller.grabMove([box[0] + 6 * i, box[1] - 7 * i]);
    // Two moves within one step: the runtime keeps the last one only.
    if (i % 5 === 0) controller.grabMove([box[0] + 6 * i + 1, box[1] - 7 * i]);
    stepTo(60 + i);
  }
  controller.grabEnd();
  stepTo(100);
  // Pause, step two frames while paused (a walk asked for in between), resume.
  controller.send({ type: 'ui.pause' });
  controller.walkTo('al', 2600);
  stepTo(102);
  controller.send({ type: 'ui.resume' });
  stepTo(150);
  // Grab al by the head and lift: a ragdoll held up by the head; let go, it stands up.
  const head = controller.frame$.value.rigs.find((r) => r.id === 'al')!.headCenter;
  controller.grabStart('al', [head[0], head[1]]);
  for (let i = 1; i <= 40; i += 1) {
    controller.grabMove([head[0], head[1] - 5 * i]);
    stepTo(150 + i);
  }
  controller.grabEnd();
  stepTo(330);
  // A Direct call: bo goes ragdoll after its throw, then is told to stand up.
  controller.ragdoll('bo');
  stepTo(420);
  controller.recover('bo');
  stepTo(PERFORMANCE_TICKS);
  const summary = controller.summary();
  records.push(summary);
  lines.push(toJsonLine(summary));
  const landingTicks = records.filter((r) => r.type === 'transition' && r.to === 'LANDING_IMPACT').map((r) => r.tick);
  return { controller, session, lines, records, frames, ragdollTicks, landingTicks };
}
