/**
 * The stage pointer machine, driven headless through the fluent PointerHarness: every state, the
 * drag threshold, one undo step per drag, and what a press means in each mode, tool and pick;
 * multi-selection (Shift/Ctrl-click, group move and rotate), the marquee, grid snapping and
 * corner resizing. The last test checks, with xstate/graph, that these tests take every
 * transition the machine has.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toDirectedGraph } from 'xstate/graph';
import type { TransitionDefinition } from 'xstate';
import { initPhysics } from '../../../streams/physics/rapier';
import { pointerMachine, DRAG_THRESHOLD_PX, type PointerStateName } from '../../../ui/interaction/pointerMachine';
import type { SceneDocument } from '../../../core/scene/schema';
import { defaultStandingPose } from '../../../core/rig/markers';
import { DEFAULT_PROPORTIONS } from '../../../core/rig/proportions';
import { ground, prop, scene } from '../../helpers/scenes';
import { PointerHarness, takenTransitions, visitedStates } from './pointerHarness';

const BOX: [number, number] = [1000, 1000]; // builtin box, 80×80
const ZONE: [number, number] = [3000, 800]; // area, 400×200
const EMPTY: [number, number] = [500, 300];
const HEAD: [number, number] = [2000, 901]; // the stickman's head centre (root at 2000, 1400)

const stageDoc = (): SceneDocument =>
  scene([
    ground(1400),
    prop('box', 'box', BOX),
    { kind: 'stickman', id: 'stick', position: [2000, 1400] },
    { kind: 'area', id: 'zone', position: ZONE, size: [400, 200] },
  ]);

const open: PointerHarness[] = [];
const harness = (doc = stageDoc()) => {
  const h = PointerHarness.open(doc);
  open.push(h);
  return h;
};

beforeAll(async () => {
  await initPhysics(); // only the PLAY tests need it
});

afterEach(() => {
  while (open.length) open.pop()!.dispose();
});

describe('idle: hover feedback', () => {
  it('hovering an object shows it and the move cursor; empty stage shows nothing', () => {
    harness()
      .pointerMove(...BOX).expectToBeIn('idle').expectHover('box').expectCursor('move')
      .pointerMove(...EMPTY).expectHover(null).expectCursor('default');
  });

  it('hovering a handle of the selection shows its cursor', () => {
    const h = harness().select('zone');
    h.pointerMove(...h.handle('rotate')).expectCursor('alias').expectHover('zone');
    h.pointerMove(...h.handle('resize')).expectCursor('nwse-resize');
    h.select('stick').pointerMove(...h.handle('marker', 'Left_Hand')).expectCursor('move');
  });

  it('with Space held the cursor offers to pan', () => {
    harness().do((e) => e.setSpaceHeld(true)).pointerMove(...BOX).expectCursor('grab');
  });

  it('leaving the canvas clears the hover', () => {
    harness().pointerMove(...BOX).expectHover('box').pointerLeave().expectHover(null).expectToBeIn('idle');
  });
});

describe('pointing and the drag threshold', () => {
  it('a press on an object selects it and captures the pointer; a release below the threshold is a click', () => {
    harness()
      .pointerDown(...BOX).expectToBeIn('pointing').expectSelection(['box']).expectCaptured([1])
      .pointerMove(BOX[0] + DRAG_THRESHOLD_PX - 1, BOX[1]).expectToBeIn('pointing')
      .pointerUp().expectToBeIn('idle').expectCaptured([])
      .expectPosition('box', BOX).expectHistory(0)
      .expectHover('box'); // the release gives the hover feedback of where the pointer is
  });

  it(`${DRAG_THRESHOLD_PX} px starts translating, and the object follows the pointer from where it was grabbed`, () => {
    harness()
      .pointerDown(BOX[0] + 10, BOX[1] + 5)
      .pointerMove(BOX[0] + 10 + DRAG_THRESHOLD_PX, BOX[1] + 5).expectToBeIn('translating')
      .expectPosition('box', [BOX[0] + DRAG_THRESHOLD_PX, BOX[1]]);
  });

  it('the threshold is in screen px: zoomed in 4×, 1 stage px is past it', () => {
    const h = harness();
    h.camera.zoom = 4;
    const [sx, sy] = h.camera.stageToScreen(BOX);
    h.pointerDown(sx, sy).pointerMove(sx + 1, sy).expectToBeIn('pointing').pointerMove(sx + 4, sy).expectToBeIn('translating').expectPosition('box', [BOX[0] + 1, BOX[1]]);
  });
});

describe('translating', () => {
  it('a whole drag is one undo step', () => {
    harness()
      .drag(BOX, [1300, 900], 12).expectToBeIn('idle')
      .expectPosition('box', [1300, 900]).expectHistory(1)
      .do((e) => e.undo()).expectPosition('box', BOX)
      .do((e) => e.redo()).expectPosition('box', [1300, 900]);
  });

  it('Esc (the drag cancelled elsewhere) puts the object back and the machine lets go at once', () => {
    harness()
      .pointerDown(...BOX).pointerMove(1200, 1000).expectToBeIn('translating')
      .do((e) => e.cancelTransient()).expectToBeIn('idle').expectCaptured([])
      .expectPosition('box', BOX)
      .pointerMove(1250, 1000).pointerUp().expectPosition('box', BOX).expectHistory(0);
  });

  it('a pointercancel throws the drag away', () => {
    harness().pointerDown(...BOX).pointerMove(1200, 1000).pointerCancel().expectToBeIn('idle').expectPosition('box', BOX).expectHistory(0);
  });

  it('a mode change during a drag keeps what was dragged as one step and ends the drag', () => {
    harness()
      .pointerDown(...BOX).pointerMove(1200, 1000)
      .do((e) => e.enterDirect()).expectToBeIn('idle')
      .expectPosition('box', [1200, 1000]).expectHistory(1);
  });

  it('a press that stops being editable before it moves never drags', () => {
    harness().pointerDown(...BOX).do((e) => e.enterDirect()).pointerMove(1200, 1000).expectToBeIn('idle').expectPosition('box', BOX).expectHistory(0);
  });

  it("dragging a stickman's marker handle poses it, one undo step", () => {
    const h = harness().select('stick');
    const [hx, hy] = h.handle('marker', 'Left_Hand');
    h.pointerDown(hx, hy).expectToBeIn('pointing').pointerMove(hx - 40, hy - 60).expectToBeIn('translating').pointerMove(hx - 80, hy - 120).pointerUp();
    const pose = h.object('stick').kind === 'stickman' ? (h.object('stick') as { pose?: Record<string, [number, number]> }).pose : undefined;
    // Facing RIGHT, rig-local X is stage X: the hand moved 80 px left and 120 px up of where it was drawn.
    const [x0, y0] = defaultStandingPose(DEFAULT_PROPORTIONS).Left_Hand;
    expect(pose?.Left_Hand).toEqual([Math.round(x0 - 80), Math.round(y0 - 120)]);
    h.expectPosition('stick', [2000, 1400]).expectHistory(1).do((e) => e.undo());
    expect(h.object('stick')).not.toHaveProperty('pose');
  });
});

describe('rotating and resizing with the handles', () => {
  it('the rotate handle rotates an area (one undo step); Shift snaps', () => {
    const h = harness().select('zone');
    const [rx, ry] = h.handle('rotate');
    h.pointerDown(rx, ry).expectToBeIn('pointing')
      .pointerMove(rx + 50, ry).expectToBeIn('rotating')
      .pointerMove(ZONE[0] + 300, ZONE[1]).pointerUp().expectToBeIn('idle')
      .expectHistory(1);
    expect(h.object('zone')).toMatchObject({ rotation: 1.5708 });
    // Shift: 40° from straight up snaps to 45°.
    const [sx, sy] = h.handle('rotate');
    h.pointerDown(sx, sy).pointerMove(ZONE[0] + 300 * Math.sin(0.7), ZONE[1] - 300 * Math.cos(0.7), { shift: true }).pointerUp();
    expect(h.object('zone')).toMatchObject({ rotation: 0.7854 });
    h.expectHistory(2);
  });

  it.each([['rotate', 'rotating'], ['resize', 'resizing']] as const)('Esc while dragging the %s handle puts the area back', (handle, state) => {
    const h = harness().select('zone');
    const [x, y] = h.handle(handle);
    h.pointerDown(x, y).pointerMove(x + 120, y + 80).expectToBeIn(state);
    expect(h.object('zone')).not.toMatchObject({ size: [400, 200], rotation: undefined });
    h.do((e) => e.cancelTransient()).expectToBeIn('idle').expectCaptured([]).pointerUp().expectHistory(0);
    expect(h.object('zone')).toEqual(stageDoc().objects.find((o) => o.id === 'zone'));
  });

  it('with Alt a corner resizes about the centre in the area’s own frame, even rotated', () => {
    const h = harness().select('zone');
    const alt = { alt: true };
    h.drag(h.corner([1, 1]), [ZONE[0] + 300, ZONE[1] + 150], 5, alt).expectHistory(1);
    expect(h.object('zone')).toMatchObject({ position: ZONE, size: [600, 300] });
    // Rotate it a quarter turn; its corner handle is now at local (+300, +150) → stage (−150, +300).
    h.drag(h.handle('rotate'), [ZONE[0] + 400, ZONE[1]]);
    const [cx, cy] = h.corner([1, 1]);
    expect([Math.round(cx), Math.round(cy)]).toEqual([ZONE[0] - 150, ZONE[1] + 300]);
    h.pointerDown(cx, cy, alt).pointerMove(cx - 10, cy, alt).expectToBeIn('resizing').pointerMove(ZONE[0] - 100, ZONE[1] + 400, alt).pointerUp();
    expect(h.object('zone')).toMatchObject({ position: ZONE, size: [800, 200], rotation: 1.5708 });
    h.expectHistory(3);
  });

  it('a corner drag keeps the opposite corner where it was (each corner has a handle, with its own cursor)', () => {
    const h = harness().select('zone');
    // The zone spans (2800, 700)–(3200, 900).
    h.pointerMove(...h.corner([-1, -1])).expectCursor('nwse-resize').pointerMove(...h.corner([1, -1])).expectCursor('nesw-resize');
    h.drag(h.corner([-1, -1]), [2750, 650]).expectToBeIn('idle').expectHistory(1);
    expect(h.object('zone')).toMatchObject({ size: [450, 250], position: [2975, 775] });
    h.drag(h.corner([1, -1]), [3300, 600]).expectHistory(2);
    // The bottom-left corner (2750, 900) stayed.
    expect(h.object('zone')).toMatchObject({ size: [550, 300], position: [3025, 750] });
    // Shift keeps the aspect of the size the drag started from.
    h.drag(h.corner([1, 1]), [3300 + 550, 900], 5, { shift: true }).expectHistory(3);
    expect(h.object('zone')).toMatchObject({ size: [1100, 600], position: [3300, 900] });
  });
});

describe('panning', () => {
  it('a middle-button press on empty stage pans the view with the pointer (the selection stays)', () => {
    const h = harness().select('box');
    h.pointerDown(...EMPTY, { button: 1 }).expectToBeIn('panning').expectSelection(['box']).expectCursor('grabbing').expectCaptured([1])
      .pointerMove(EMPTY[0] + 100, EMPTY[1] + 50).pointerUp().expectToBeIn('idle').expectCaptured([]);
    // The content followed the pointer: the stage point that was under it is under it again.
    expect(h.camera.screenToStage(EMPTY[0] + 100, EMPTY[1] + 50)).toEqual(EMPTY);
    h.expectHistory(0);
  });

  it('the middle button pans even over an object, and Space + left button too', () => {
    const h = harness();
    h.pointerDown(...BOX, { button: 1 }).expectToBeIn('panning').expectSelection([]).pointerMove(BOX[0] + 30, BOX[1]).pointerUp();
    h.expectPosition('box', BOX);
    h.do((e) => e.setSpaceHeld(true)).pointerDown(...BOX).expectToBeIn('panning').pointerUp().expectPosition('box', BOX).expectSelection([]);
  });

  it('the right button does nothing', () => {
    harness().pointerDown(...BOX, { button: 2 }).expectToBeIn('idle').expectSelection([]).expectCaptured([]);
  });

  it('the wheel zooms about the pointer, in any state', () => {
    const h = harness();
    h.wheel(1000, 500, -100);
    expect(h.camera.zoom).toBeCloseTo(Math.exp(0.15), 6);
    expect(h.editor.zoom()).toBe(h.camera.zoom);
    const [x, y] = h.camera.screenToStage(1000, 500);
    expect(x).toBeCloseTo(1000, 6);
    expect(y).toBeCloseTo(500, 6);
    h.pointerDown(...EMPTY, { button: 1 }).wheel(EMPTY[0], EMPTY[1], 100).expectToBeIn('panning');
    expect(h.camera.zoom).toBeCloseTo(1, 6);
  });
});

describe('placing from the palette', () => {
  it('the ghost follows the pointer; a click places and returns to idle; Shift+click keeps placing', () => {
    const h = harness().startPlacing('ball');
    h.pointerMove(600, 500).expectToBeIn('placing').expectCursor('copy');
    expect(h.editor.tools.ghostAt()).toEqual([600, 500]);
    h.pointerDown(600, 500, { shift: true }).expectToBeIn('placing').pointerUp(600, 500);
    h.pointerDown(700, 500).expectToBeIn('idle').pointerUp(700, 500);
    const balls = h.editor.doc().objects.filter((o) => o.kind === 'prop' && o.spawn_id === 'builtin:ball');
    expect(balls.map((b) => b.position)).toEqual([[600, 500], [700, 500]]);
    h.expectSelection([balls[1].id]).expectHistory(2);
    expect(h.editor.tools.ghostAt()).toBeNull();
  });

  it('leaving the canvas hides the ghost; Esc (select tool) returns to idle on the next event', () => {
    const h = harness().startPlacing('box').pointerMove(600, 500).pointerLeave();
    expect(h.editor.tools.ghostAt()).toBeNull();
    h.expectToBeIn('placing').do((e) => e.tools.setTool({ type: 'select' })).pointerMove(...BOX).expectToBeIn('idle').expectHover('box');
  });

  it('a tool chosen between two events is honoured by the very next one', () => {
    const h = harness().pointerMove(...EMPTY).expectToBeIn('idle').startPlacing('box');
    h.pointerDown(...EMPTY).expectToBeIn('idle'); // placed without a move in between
    expect(h.editor.doc().objects.filter((o) => o.kind === 'prop')).toHaveLength(2);
  });
});

describe('capturing a stage pick', () => {
  it('a point pick shows the point under the pointer and is answered by the click', () => {
    const h = harness().capturePoint();
    h.pointerMove(1234.4, 567.6).expectToBeIn('capturing').expectCursor('crosshair');
    expect(h.editor.tools.capturePointer()).toEqual([1234, 568]);
    h.pointerDown(1234.4, 567.6).expectToBeIn('idle').pointerUp();
    expect(h.picks).toEqual([[1234, 568]]);
    h.expectSelection([]).expectHistory(0);
  });

  it('an object pick takes only the kinds asked for', () => {
    const h = harness().captureObject(['prop']);
    h.pointerMove(...HEAD).expectToBeIn('capturing').expectHover(null).expectCursor('crosshair');
    h.pointerMove(...BOX).expectHover('box').expectCursor('pointer');
    h.pointerDown(...HEAD).expectToBeIn('capturing').pointerUp();
    expect(h.picks).toEqual([]);
    h.pointerDown(...BOX).expectToBeIn('idle').pointerUp();
    expect(h.picks).toEqual(['box']);
    h.expectSelection([]).expectPosition('box', BOX);
  });

  it('a rectangle pick is dragged (the marquee shows it) and answered on release; a click, a tiny drag or a cancel answers nothing', () => {
    const h = harness().captureRect();
    h.pointerMove(...EMPTY).expectToBeIn('capturing').expectCursor('crosshair');
    h.pointerDown(...EMPTY).expectToBeIn('pointing').pointerUp().expectToBeIn('capturing');
    h.pointerDown(1000, 400).pointerMove(1010, 405).expectToBeIn('framing').pointerUp().expectToBeIn('capturing');
    h.pointerDown(1000, 400).pointerMove(1300, 600).pointerCancel().expectToBeIn('capturing');
    expect(h.picks).toEqual([]);
    h.pointerDown(1600.4, 900).pointerMove(1200, 700).expectToBeIn('framing');
    expect(h.editor.tools.marquee()).toMatchObject({ minX: 1200, minY: 700, maxX: 1600.4, maxY: 900 });
    h.pointerMove(1000, 500).pointerUp().expectToBeIn('idle');
    expect(h.editor.tools.marquee()).toBeNull();
    expect(h.picks).toEqual([[1000, 500, 1600, 900]]);
    h.expectSelection([]).expectHistory(0).expectPosition('box', BOX);
  });

  it('a pick started while placing wins over the palette tool', () => {
    const h = harness().startPlacing('box').pointerMove(...EMPTY).expectToBeIn('placing').capturePoint();
    h.pointerMove(...EMPTY).expectToBeIn('capturing').pointerDown(...EMPTY).expectToBeIn('idle');
    expect(h.picks).toEqual([EMPTY]);
  });
});

describe('DIRECT', () => {
  const direct = () => harness().do((e) => e.enterDirect());

  it('a click on a stickman selects it and opens its Direct popup', () => {
    const h = direct().pointerMove(...HEAD).expectHover('stick').expectCursor('pointer');
    h.pointerDown(...HEAD).expectToBeIn('idle').expectSelection(['stick']);
    expect(h.editor.directPopup()?.rigId).toBe('stick');
  });

  it('with a stickman selected, a click on the stage adds a walk there, on the ground (one undo step)', () => {
    const h = direct().select('stick').pointerMove(1500.4, 1399.2).expectCursor('crosshair');
    expect(h.walkHover).toEqual({ target: [1500, 1400], from: [1500, 1399] });
    h.pointerDown(1500.4, 1399.2).expectToBeIn('pointing').pointerUp().expectToBeIn('idle').expectHistory(1);
    expect(h.editor.doc().queues.stick).toEqual([expect.objectContaining({ type: 'walk_to', target_position: [1500, 1400] })]);
    expect(h.walkHover).toBeNull();
  });

  it('a click in the sky aims at the ground below it, and the preview shows where from', () => {
    const h = direct().select('stick').pointerMove(1500, 300);
    expect(h.walkHover).toEqual({ target: [1500, 1400], from: [1500, 300] });
    h.pointerDown(1500, 300).pointerUp();
    expect(h.editor.doc().queues.stick).toEqual([expect.objectContaining({ target_position: [1500, 1400] })]);
  });

  it('a click inside a platform walks onto its top, never into it', () => {
    const withPlatform = scene([...stageDoc().objects.map((o) => ({ ...o }) as Record<string, unknown>), { kind: 'terrain', id: 'shelf', shape: 'block', position: [1000, 1200], size: [400, 100] }]);
    const h = harness(withPlatform).do((e) => e.enterDirect()).select('stick');
    h.pointerDown(1100, 1230).pointerUp();
    // …and a walk picked from a panel for a walk target snaps the same way.
    h.do((e) => e.tools.startCapture({ kind: 'point', surface: true, prompt: 'walk target', pick: (p) => h.picks.push(p) })).pointerMove(900, 500);
    expect(h.editor.tools.capturePointer()).toEqual([900, 1150]);
    expect(h.editor.tools.captureAim()).toEqual([900, 500]);
    h.pointerDown(900, 500).pointerUp();
    expect(h.editor.doc().queues.stick.map((i) => (i as { target_position: number[] }).target_position)).toEqual([[1100, 1150]]);
    expect(h.picks).toEqual([[900, 1150]]);
  });

  it('…and a drag pans instead of adding a walk', () => {
    const h = direct().select('stick');
    h.pointerDown(...EMPTY).pointerMove(EMPTY[0] + 20, EMPTY[1]).expectToBeIn('panning').pointerUp().expectHistory(0);
    expect(h.editor.doc().queues.stick ?? []).toEqual([]);
    expect(h.camera.screenToStage(EMPTY[0] + 20, EMPTY[1])).toEqual(EMPTY);
  });

  it('without a stickman selected, a press on the stage deselects and pans; objects cannot be moved', () => {
    direct().select('box').pointerDown(...BOX).expectToBeIn('panning').expectSelection([]).pointerMove(1100, 1000).pointerUp().expectPosition('box', BOX).expectHistory(0);
  });
});

describe('PLAY', () => {
  const playing = async () => {
    const h = harness();
    await h.editor.run.play();
    expect(h.editor.mode().mode).toBe('PLAY');
    return h;
  };
  const headOf = (h: PointerHarness) => h.controller.frame$.value.rigs[0].headCenter;
  const propAt = (h: PointerHarness, id: string) => h.controller.frame$.value.props.find((p) => p.id === id)!.position;
  const rigState = (h: PointerHarness) => h.controller.frame$.value.rigs[0].state;

  it('hover shows what a press would grab: a prop or a stickman outlined with the grab cursor; empty stage nothing', async () => {
    const h = await playing();
    h.pointerMove(...BOX).expectToBeIn('idle').expectHover('box').expectCursor('grab');
    h.pointerMove(...headOf(h)).expectHover('stick').expectCursor('grab');
    // Areas and terrain are not grabbable.
    h.pointerMove(...ZONE).expectHover(null).expectCursor('default');
    h.pointerMove(...EMPTY).expectHover(null).expectCursor('default');
  });

  it('the hover follows the stage under a still pointer: a falling box leaves the outline, and leaving the canvas stops it', async () => {
    const h = await playing();
    h.pointerMove(...BOX).expectHover('box').expectCursor('grab');
    // The box falls 400 px to the ground; the pointer stays where it was.
    h.step(90).expectHover(null).expectCursor('default');
    const landed = propAt(h, 'box');
    h.pointerMove(...landed).expectHover('box').pointerLeave().expectHover(null);
    h.step(5).expectHover(null);
  });

  it('a click on a stickman shows its live queue and grabs nothing', async () => {
    const h = await playing();
    const head = headOf(h);
    h.pointerDown(head[0], head[1]).expectToBeIn('pointing').pointerUp().expectToBeIn('idle').expectSelection(['stick']);
    h.step(2).expectCommandTypes([]);
    expect(rigState(h)).toBe('ANIMATED');
  });

  it('a click on a prop grabs nothing and selects nothing', async () => {
    const h = await playing();
    h.pointerDown(...BOX).expectToBeIn('pointing').pointerUp().expectToBeIn('idle').expectSelection([]).expectHover('box');
    h.step().expectCommandTypes([]);
  });

  it(`dragging a prop ${DRAG_THRESHOLD_PX} px grabs it where it was pressed; it follows the cursor and is let go on release`, async () => {
    const h = await playing();
    const pressed: [number, number] = [BOX[0] + 10, BOX[1] - 5];
    h.pointerDown(...pressed).pointerMove(pressed[0] + DRAG_THRESHOLD_PX - 1, pressed[1]).expectToBeIn('pointing');
    h.pointerMove(pressed[0] + DRAG_THRESHOLD_PX, pressed[1]).expectToBeIn('grabbing').expectCursor('grabbing').expectHover('box').expectCaptured([1]);
    h.step();
    expect(h.commands).toEqual([
      { type: 'grab.start', id: 'box', point: pressed },
      { type: 'grab.move', point: [pressed[0] + DRAG_THRESHOLD_PX, pressed[1]] },
    ]);
    // Carried 300 px up and right, a pointer move a step: gravity does not win, the box goes with the cursor.
    for (let i = 1; i <= 30; i += 1) h.pointerMove(pressed[0] + 10 * i, pressed[1] - 10 * i).step();
    h.step(30);
    const held = propAt(h, 'box');
    expect(Math.hypot(held[0] - (BOX[0] + 300), held[1] - (BOX[1] - 300))).toBeLessThan(40);
    h.pointerUp().expectToBeIn('idle').expectCaptured([]).step();
    h.expectCommandTypes(['grab.start', ...Array<string>(31).fill('grab.move'), 'grab.end']);
    // Let go, nothing holds it: it falls.
    h.step(30);
    expect(propAt(h, 'box')[1]).toBeGreaterThan(held[1] + 50);
    // The camera never moved and no undo step was made.
    expect(h.camera.screenToStage(500, 500)).toEqual([500, 500]);
    h.expectHistory(0);
  });

  it('a grabbed prop flung and let go keeps the cursor\'s velocity', async () => {
    const h = await playing();
    h.pointerDown(...BOX).pointerMove(BOX[0] + 5, BOX[1]).step(20);
    // Fling: 20 px to the right every step for a few steps, then let go.
    for (let i = 1; i <= 4; i += 1) h.pointerMove(BOX[0] + 5 + 20 * i, BOX[1]).step();
    h.pointerUp().step();
    const released = propAt(h, 'box')[0];
    h.step(10);
    // Still flying right, well past where it was let go.
    expect(propAt(h, 'box')[0]).toBeGreaterThan(released + 60);
  });

  it('grabbing a stickman ragdolls it and holds it by the part under the cursor; it is still down when let go', async () => {
    const h = await playing();
    h.step(30);
    const head = headOf(h);
    h.pointerDown(head[0], head[1]).expectSelection([]).pointerMove(head[0] + 10, head[1]).expectToBeIn('grabbing').expectHover('stick');
    h.step();
    expect(h.commands[0]).toEqual({ type: 'grab.start', id: 'stick', point: head });
    expect(rigState(h)).toBe('RAGDOLL');
    // Lifted 200 px by the head: the head comes up with the cursor.
    h.pointerMove(head[0] + 10, head[1] - 200).step(60);
    expect(Math.abs(headOf(h)[1] - (head[1] - 200))).toBeLessThan(60);
    h.pointerUp().step();
    h.expectCommandTypes(['grab.start', 'grab.move', 'grab.move', 'grab.end']);
    expect(rigState(h)).toBe('RAGDOLL');
  });

  it('a pointercancel while grabbing lets go', async () => {
    const h = await playing();
    h.pointerDown(...BOX).pointerMove(BOX[0] + 20, BOX[1]).expectToBeIn('grabbing').pointerCancel().expectToBeIn('idle').expectCaptured([]);
    h.step().expectCommandTypes(['grab.start', 'grab.move', 'grab.end']);
  });

  it('PLAY ending under the hand drops the grab: the next move lets the pointer go', async () => {
    const h = await playing();
    h.pointerDown(...BOX).pointerMove(BOX[0] + 20, BOX[1]).expectToBeIn('grabbing').step();
    h.do((e) => e.enterEdit()).pointerMove(BOX[0] + 40, BOX[1]).expectToBeIn('idle').expectCaptured([]);
    h.expectCommandTypes(['grab.start', 'grab.move']);
  });

  it('a drag on empty stage pans the view and grabs nothing', async () => {
    const h = await playing();
    h.pointerDown(...EMPTY).pointerMove(EMPTY[0] + 50, EMPTY[1]).expectToBeIn('panning').expectCursor('grabbing').pointerUp().expectSelection([]);
    expect(h.camera.screenToStage(EMPTY[0] + 50, EMPTY[1])[0]).toBeCloseTo(EMPTY[0], 6);
    h.step().expectCommandTypes([]);
    // A click on empty stage does nothing either.
    h.pointerDown(...EMPTY).pointerUp().expectToBeIn('idle').step().expectCommandTypes([]);
  });
});

describe('multi-selection', () => {
  it('Shift-click adds to the selection, Ctrl-click on a selected object takes it out', () => {
    harness()
      .pointerDown(...BOX).pointerUp().expectSelection(['box'])
      .pointerDown(...ZONE, { shift: true }).expectSelection(['box', 'zone']).pointerUp().expectSelection(['box', 'zone'])
      .pointerDown(...HEAD, { ctrl: true }).pointerUp().expectSelection(['box', 'zone', 'stick'])
      .pointerDown(...BOX, { ctrl: true }).expectSelection(['box', 'zone', 'stick']).pointerUp().expectSelection(['zone', 'stick'])
      .pointerDown(...ZONE, { shift: true }).pointerUp().expectSelection(['stick'])
      .expectHistory(0);
  });

  it('a plain click on one object of a multi-selection narrows it to that one', () => {
    harness().select('box', 'zone').pointerDown(...ZONE).expectSelection(['box', 'zone']).pointerUp().expectSelection(['zone']);
  });

  it('dragging any selected object moves the whole selection, one undo step', () => {
    const h = harness().select('box', 'zone', 'stick');
    h.drag([ZONE[0] + 10, ZONE[1]], [ZONE[0] + 110, ZONE[1] - 50], 8).expectSelection(['box', 'zone', 'stick']).expectHistory(1);
    h.expectPosition('zone', [3100, 750]).expectPosition('box', [1100, 950]).expectPosition('stick', [2100, 1350]);
    h.do((e) => e.undo()).expectPosition('zone', ZONE).expectPosition('box', BOX).expectPosition('stick', [2000, 1400]);
  });

  it('Shift+drag of an unselected object adds it and moves it with the rest', () => {
    const h = harness().select('zone');
    h.drag(BOX, [BOX[0] - 100, BOX[1]], 4, { shift: true }).expectSelection(['zone', 'box']).expectHistory(1);
    h.expectPosition('box', [900, 1000]).expectPosition('zone', [2900, 800]);
  });

  it('a multi-selection has one rotate handle above its box; it turns everything about the box centre, one undo step', () => {
    const h = harness().select('box', 'zone');
    // The box spans (960, 960)–(1040, 1040), the zone (2800, 700)–(3200, 900): centre (2080, 870).
    const [rx, ry] = h.handle('rotate');
    expect([rx, ry]).toEqual([2080, 700 - 28]);
    h.pointerMove(rx, ry).expectCursor('alias').expectHover(null);
    // A quarter turn: from straight above the centre to straight right of it.
    h.pointerDown(rx, ry).pointerMove(rx + 40, ry).expectToBeIn('rotating').pointerMove(2080 + 500, 870).pointerUp().expectHistory(1);
    expect(h.object('zone')).toMatchObject({ position: [2150, 1790], rotation: 1.5708 });
    expect(h.object('box')).toMatchObject({ position: [1950, -210], rotation: 1.5708 });
    h.do((e) => e.undo()).expectPosition('zone', ZONE).expectPosition('box', BOX);
    // Shift snaps the turn to 15° steps (here 40° → 45°).
    h.pointerDown(rx, ry).pointerMove(2080 + 500 * Math.sin(0.7), 870 - 500 * Math.cos(0.7), { shift: true }).pointerUp();
    expect(h.object('zone')).toMatchObject({ rotation: 0.7854 });
  });

  it('delete and duplicate act on the whole selection, one undo step each', () => {
    const h = harness().select('box', 'zone');
    h.do((e) => e.tools.duplicateSelection()).expectHistory(1).expectSelection(['box-1', 'zone-1']).expectPosition('box-1', [1040, 1040]).expectPosition('zone-1', [3040, 840]);
    h.do((e) => e.tools.deleteSelection()).expectHistory(2).expectSelection([]);
    expect(h.editor.doc().objects.map((o) => o.id)).toEqual(['ground', 'box', 'stick', 'zone']);
    h.select('box', 'stick').do((e) => e.tools.deleteSelection()).expectHistory(3);
    expect(h.editor.doc().objects.map((o) => o.id)).toEqual(['ground', 'zone']);
    h.do((e) => e.undo());
    expect(h.editor.doc().objects.map((o) => o.id)).toEqual(['ground', 'box', 'stick', 'zone']);
  });
});

describe('marquee (EDIT, empty stage)', () => {
  it('a press on empty stage deselects; a drag draws a marquee that selects what lies wholly inside it', () => {
    const h = harness().select('box');
    h.pointerDown(100, 100).expectToBeIn('pointing').expectSelection([]).expectCursor('crosshair').expectCaptured([1]);
    h.pointerMove(1500, 1100).expectToBeIn('selecting').expectSelection(['box']);
    expect(h.editor.tools.marquee()).toEqual({ minX: 100, minY: 100, maxX: 1500, maxY: 1100, touch: false });
    // Growing it takes in the zone; the stickman reaches below 1050 … and the ground is never wholly inside.
    h.pointerMove(3500, 1050).expectSelection(['box', 'zone']);
    h.pointerUp().expectToBeIn('idle').expectSelection(['box', 'zone']).expectCaptured([]).expectHistory(0);
    expect(h.editor.tools.marquee()).toBeNull();
    // The view did not pan.
    expect(h.camera.screenToStage(100, 100)).toEqual([100, 100]);
  });

  it('dragged up and left it is a crossing: it selects what it touches, not only what it encloses', () => {
    // The box's bounds are 960..1040; a thin band across its middle, drawn right to left, touches it.
    const h = harness();
    h.pointerDown(1100, 990).pointerMove(900, 1010).expectToBeIn('selecting').expectSelection(['box']);
    expect(h.editor.tools.marquee()).toEqual({ minX: 900, minY: 990, maxX: 1100, maxY: 1010, touch: true });
    h.pointerUp().expectSelection(['box']);
    // The same band drawn left to right encloses nothing.
    harness().pointerDown(900, 990).pointerMove(1100, 1010).pointerUp().expectSelection([]);
    // Enclosing still works right to left, and a crossing over the ground's top takes the ground too.
    harness().pointerDown(1100, 1100).pointerMove(900, 900).pointerUp().expectSelection(['box']);
    harness().pointerDown(2150, 1350).pointerMove(1900, 1450).pointerUp().expectSelection(['ground', 'stick']);
  });

  it('a crossing updates as it is dragged: back over to the right of the press it encloses again', () => {
    harness().pointerDown(1060, 990).pointerMove(900, 1010).expectSelection(['box']).pointerMove(1100, 1010).expectSelection([]).pointerUp().expectSelection([]);
  });

  it('with Alt a marquee may start on terrain: it boxes the stickman standing on the ground, never takes that terrain, moves nothing', () => {
    const h = harness();
    h.pointerDown(1800, 1450, { alt: true }).expectToBeIn('pointing').expectCursor('crosshair');
    h.pointerMove(2300, 750, { alt: true }).expectToBeIn('selecting').expectSelection(['stick']);
    h.pointerUp().expectSelection(['stick']).expectHistory(0).expectPosition('ground', [2000, 1500]);
    // A crossing from the ground still leaves the ground it started on out.
    harness().pointerDown(2300, 1450, { alt: true }).pointerMove(1900, 1300, { alt: true }).pointerUp().expectSelection(['stick']);
    // Without Alt the same press grabs the ground and drags it.
    harness().drag([1800, 1450], [1850, 1450]).expectSelection(['ground']).expectPosition('ground', [2050, 1500]).expectHistory(1);
    // Alt over a prop still presses the prop.
    harness().pointerDown(...BOX, { alt: true }).expectSelection(['box']).pointerUp();
  });

  it('with Shift or Ctrl the marquee adds to the selection', () => {
    harness().select('zone').pointerDown(900, 900, { shift: true }).expectSelection(['zone']).pointerMove(1100, 1100).pointerUp().expectSelection(['zone', 'box']);
  });

  it('a click on empty stage just deselects; with Shift it keeps the selection', () => {
    harness().select('zone').pointerDown(...EMPTY, { shift: true }).pointerUp().expectSelection(['zone']).pointerDown(...EMPTY).pointerUp().expectSelection([]);
  });

  it('a pointercancel puts the selection back as it was', () => {
    const h = harness().select('zone');
    h.pointerDown(900, 900, { ctrl: true }).pointerMove(1100, 1100).expectSelection(['zone', 'box']).pointerCancel().expectToBeIn('idle').expectSelection(['zone']);
    expect(h.editor.tools.marquee()).toBeNull();
  });

  it('then the selected objects drag together', () => {
    harness().drag([900, 600], [3500, 1050]).expectSelection(['box', 'zone']).drag(BOX, [BOX[0] + 50, BOX[1]]).expectPosition('box', [1050, 1000]).expectPosition('zone', [3050, 800]).expectHistory(1);
  });
});

describe('grid snapping', () => {
  const snapped = () => harness().do((e) => e.prefs.toggleSnap(true));

  it('placing snaps to the grid (the ghost too); Ctrl places where the pointer is', () => {
    const h = snapped().startPlacing('ball').pointerMove(613, 497);
    expect(h.editor.tools.ghostAt()).toEqual([620, 500]);
    h.pointerDown(613, 497, { shift: true }).pointerUp();
    h.pointerMove(707, 493, { ctrl: true });
    expect(h.editor.tools.ghostAt()).toEqual([707, 493]);
    h.pointerDown(707, 493, { ctrl: true }).pointerUp();
    const balls = h.editor.doc().objects.filter((o) => o.kind === 'prop' && o.spawn_id === 'builtin:ball');
    expect(balls.map((b) => b.position)).toEqual([[620, 500], [707, 493]]);
  });

  it('moving snaps the grabbed object to the grid; Ctrl held bypasses it while dragging', () => {
    const h = snapped();
    h.pointerDown(1010, 1005).pointerMove(1030, 1010).pointerMove(1047, 1023).expectPosition('box', [1040, 1020]);
    h.pointerMove(1047, 1023, { ctrl: true }).expectPosition('box', [1037, 1018]).pointerUp().expectHistory(1);
  });

  it('resizing snaps the dragged corner to the grid', () => {
    const h = snapped().select('zone');
    h.drag(h.corner([1, 1]), [3291, 957]);
    expect(h.object('zone')).toMatchObject({ size: [500, 260], position: [3050, 830] });
  });

  it('off, nothing snaps', () => {
    harness().pointerDown(1010, 1005).pointerMove(1047, 1023).pointerUp().expectPosition('box', [1037, 1018]);
  });
});

describe('one pointer at a time', () => {
  const reach: Record<Exclude<PointerStateName, 'idle' | 'placing' | 'capturing'>, (h: PointerHarness) => unknown> = {
    pointing: (h) => h.pointerDown(...BOX),
    translating: (h) => h.pointerDown(...BOX).pointerMove(1100, 1000),
    rotating: (h) => {
      const [x, y] = h.select('zone').handle('rotate');
      h.pointerDown(x, y).pointerMove(x + 50, y);
    },
    resizing: (h) => {
      const [x, y] = h.select('zone').handle('resize');
      h.pointerDown(x, y).pointerMove(x + 50, y);
    },
    selecting: (h) => h.pointerDown(...EMPTY).pointerMove(EMPTY[0] + 50, EMPTY[1] + 50),
    framing: (h) => h.captureRect().pointerDown(...EMPTY).pointerMove(EMPTY[0] + 50, EMPTY[1] + 50),
    panning: (h) => h.pointerDown(...EMPTY, { button: 1 }),
    grabbing: async (h) => {
      await h.editor.run.play();
      h.pointerDown(...BOX).pointerMove(1100, 1000);
    },
  };

  it.each(Object.keys(reach) as Array<keyof typeof reach>)('%s ignores a second pointer', async (state) => {
    const h = harness();
    await reach[state](h);
    const commands = h.step().commands.length;
    h.expectToBeIn(state);
    const doc = h.editor.doc();
    const view = [h.camera.centerX, h.camera.centerY];
    h.pointerDown(10, 10, { pointerId: 2 }).pointerMove(50, 50, { pointerId: 2 }).pointerUp(50, 50, { pointerId: 2 }).pointerCancel(2);
    h.expectToBeIn(state).expectCaptured([1]);
    expect(h.editor.doc()).toBe(doc);
    expect([h.camera.centerX, h.camera.centerY]).toEqual(view);
    expect(h.step().commands).toHaveLength(commands);
  });
});

describe('model coverage (xstate/graph)', () => {
  type AnyTransition = TransitionDefinition<never, never> & { source: { id: string; always?: unknown[]; transitions: Map<string, unknown[]> } };
  /** idle, placing and capturing share their handlers: each shared handler counts once. */
  const RESTING = new Set(['pointer.idle', 'pointer.placing', 'pointer.capturing']);
  const keyOf = (t: AnyTransition): string => {
    const list = t.eventType ? t.source.transitions.get(t.eventType)! : t.source.always!;
    const where = t.eventType && RESTING.has(t.source.id) ? 'resting' : t.source.id;
    return `${where} ${t.eventType || '(always)'} #${list.indexOf(t)}`;
  };

  afterAll(() => {
    takenTransitions.clear();
    visitedStates.clear();
  });

  it('the tests above visit every state and take every transition of the pointer machine', () => {
    const all = new Set<string>();
    const states = new Set<string>();
    const walk = (node: ReturnType<typeof toDirectedGraph>) => {
      states.add(node.id);
      for (const e of node.edges) all.add(keyOf(e.transition as unknown as AnyTransition));
      for (const t of (node.stateNode.always ?? []) as unknown as AnyTransition[]) all.add(keyOf(t));
      node.children.forEach(walk);
    };
    walk(toDirectedGraph(pointerMachine));
    const taken = new Set([...takenTransitions].map((t) => keyOf(t as unknown as AnyTransition)));
    expect([...all].filter((k) => !taken.has(k))).toEqual([]);
    expect([...states].filter((s) => !visitedStates.has(s))).toEqual([]);
    expect(all.size).toBeGreaterThan(50);
  });
});
