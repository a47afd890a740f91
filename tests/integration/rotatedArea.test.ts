/**
 * A rotated area is a rotated sensor: props enter it where the rotated shape is, not where its
 * unrotated box would be. The area is a 400×400 square centred on (2000, 1100); rotated by 45° it
 * is a diamond whose corners lie 283 px from the centre along the axes.
 *
 * - `corner` rests on a ledge at (+180, −180) from the centre: inside the square's corner, but
 *   54 px clear of the diamond's edge (more than the ball's 30 px radius).
 * - `side` falls at x = +250: outside the square (|x| ≤ 200 + 30), through the diamond's right
 *   point, where the diamond's edge is at y = −33 (so the ball touches it about 42 px higher).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { StageController } from '../../streams/stage/stageController';
import { initPhysics } from '../../streams/physics/rapier';
import type { StageEvent } from '../../core/events';
import { ground, prop, scene } from '../helpers/scenes';

beforeAll(async () => {
  await initPhysics();
});

const CENTER: [number, number] = [2000, 1100];
const BALL_RADIUS = 30;

function areaScene(rotation: number) {
  return scene([
    ground(1400),
    // A narrow ledge under the square's upper-right corner; its top is where `corner` rests.
    { kind: 'terrain', id: 'ledge', shape: 'block', position: [CENTER[0] + 180, CENTER[1] - 180 + BALL_RADIUS + 10], size: [60, 20] },
    prop('corner', 'ball', [CENTER[0] + 180, CENTER[1] - 180 - 2]),
    prop('side', 'ball', [CENTER[0] + 250, 700]),
    { kind: 'area', id: 'zone', position: CENTER, size: [400, 400], rotation },
  ]);
}

function run(rotation: number, seconds: number) {
  const controller = new StageController(areaScene(rotation));
  const events: StageEvent[] = [];
  controller.records$.subscribe((r) => {
    if (r.type === 'event' && (r.event.type === 'entered_area' || r.event.type === 'exited_area')) events.push(r.event);
  });
  controller.send({ type: 'ui.play' });
  controller.step(Math.round(seconds * 60));
  const frame = controller.frame$.value;
  controller.dispose();
  return { events, frame };
}

describe('a rotated area', () => {
  it('is published in the frame with its rotation', () => {
    const { frame } = run(Math.PI / 4, 0);
    expect(frame.areas.find((a) => a.id === 'zone')).toMatchObject({ rotation: Math.PI / 4, size: [400, 400] });
  });

  it('unrotated (control): the ball in the corner is inside, the ball beside it never enters', () => {
    const { events } = run(0, 3);
    expect(events.filter((e) => e.type === 'entered_area').map((e) => e.source)).toEqual(['corner']);
  });

  it('rotated 45°: only the ball that falls through the diamond enters, at the diamond’s edge, and leaves below it', () => {
    const { events, frame } = run(Math.PI / 4, 3);
    // The corner ball is still on its ledge (so it really sat in the square's corner all along).
    const corner = frame.props.find((p) => p.id === 'corner')!.position;
    expect(Math.abs(corner[0] - (CENTER[0] + 180))).toBeLessThan(5);
    expect(Math.abs(corner[1] - (CENTER[1] - 180))).toBeLessThan(5);

    expect(events.filter((e) => e.source === 'corner')).toEqual([]);
    const side = events.filter((e) => e.source === 'side');
    expect(side.map((e) => e.type)).toEqual(['entered_area', 'exited_area']);
    // Entry where the diamond is (about 75 px above the centre), not at the square's top (230 px).
    const enteredY = side[0].position![1] - CENTER[1];
    expect(enteredY).toBeGreaterThan(-120);
    expect(enteredY).toBeLessThan(-40);
    // And the exit is symmetric below the centre (the diamond's lower right edge).
    const exitedY = side[1].position![1] - CENTER[1];
    expect(exitedY).toBeGreaterThan(40);
    expect(exitedY).toBeLessThan(130);
  });
});
