/**
 * "Save pose as gesture" (issue 23): the pure part (ui/state/poseGesture) turns a stickman's
 * dragged dots into a one-key gesture, and the editor's gestures service (ui/state/gestureLibrary)
 * adds it to the scene as one undo step, refusing what is wrong with a message and no change.
 */
import { describe, expect, it } from 'vitest';
import { defaultStandingPose } from '../../../core/rig/markers';
import { DEFAULT_PROPORTIONS } from '../../../core/rig/proportions';
import { BUILTIN_GESTURES, findGesture, type Gesture } from '../../../core/gestures';
import { loadSceneText, saveSceneText } from '../../../core/scene/io';
import type { StickmanObject } from '../../../core/scene/schema';
import { StageController } from '../../../streams/stage/stageController';
import { Editor } from '../../../ui/state/editor';
import { gestureFromPose, gestureIdFor, gestureNameProblem } from '../../../ui/state/poseGesture';
import { gesturePoseAt, previewFrame, previewStill } from '../../../ui/state/gesturePreview';
import { commandContextFor } from '../../../ui/commandContext';
import { actionText, objectNamer } from '../../../ui/state/actionText';
import { commandNamed, isEnabled } from '../../../ui/commands';
import { ground, scene } from '../../helpers/scenes';

const STANDING = defaultStandingPose(DEFAULT_PROPORTIONS);
const handsUp = { ...STANDING, Left_Hand: [-60, -640] as [number, number], Right_Hand: [70, -650] as [number, number] };
const stick = (pose?: typeof STANDING, extra: Record<string, unknown> = {}) => ({ kind: 'stickman', id: 'ada', name: 'Ada', position: [800, 1400], facing: 'LEFT', ...(pose ? { pose } : {}), ...extra });
const stickObject = (pose?: typeof STANDING) => scene([stick(pose)]).objects[0] as StickmanObject;

describe('a pose as a one-key gesture', () => {
  it('keeps all five dots rig-local as the pose holds them, at t = 0, not looping; arms when the pelvis stayed put', () => {
    const made = gestureFromPose(stickObject(handsUp), '  Hands up ', []);
    expect(made).toEqual({
      ok: true,
      gesture: { id: 'gesture-hands-up', name: 'Hands up', body: 'arms', loop: false, keys: [{ t: 0, markers: handsUp }] },
    });
  });

  it('is a whole-body gesture when the pelvis was dragged (a crouch or a lean)', () => {
    const crouch = { ...handsUp, Torso: [-20, STANDING.Torso[1] + 60] as [number, number] };
    const made = gestureFromPose(stickObject(crouch), 'Crouch', []);
    expect(made.ok && made.gesture.body).toBe('whole');
  });

  it('refuses a stickman never posed, an empty name, and a name a built-in or the scene has, saying which', () => {
    expect(gestureFromPose(stickObject(), 'Hi', [])).toEqual({ ok: false, reason: 'Ada stands in the default pose: drag its blue dots into a pose first' });
    expect(gestureFromPose(stickObject(handsUp), '   ', [])).toEqual({ ok: false, reason: 'Give the gesture a name' });
    expect(gestureNameProblem('wave', [])).toBe('A gesture named “Wave” exists already (built in)');
    const mine: Gesture = { id: 'gesture-hands-up', name: 'Hands up', body: 'arms', loop: false, keys: [{ t: 0, markers: {} }] };
    expect(gestureNameProblem('HANDS UP', [mine])).toBe('A gesture named “Hands up” exists already');
    expect(gestureNameProblem('builtin:mine', [])).toMatch(/built-in/);
  });

  it('gets an id no scene gesture has, made of the name, numbered on a clash', () => {
    const taken: Gesture[] = [{ id: 'gesture-hi', name: 'Hi there', body: 'arms', loop: false, keys: [{ t: 0, markers: {} }] }];
    expect(gestureIdFor('Hi!', taken)).toBe('gesture-hi-2');
    expect(gestureIdFor('Ünïcode ☺', [])).toBe('gesture-unicode');
    expect(gestureIdFor('☺☺', [])).toBe('gesture-pose');
  });
});

describe('the editor saves a pose as a gesture', () => {
  const setup = () => {
    const controller = new StageController(scene([ground(1400), stick(handsUp)]));
    const editor = new Editor(controller);
    return { controller, editor, context: commandContextFor(editor) };
  };

  it('the command runs for one selected stickman in EDIT; Save adds the gesture as one undo step, saved in the file', () => {
    const { controller, editor, context } = setup();
    const command = commandNamed('save-pose-gesture');
    expect(isEnabled(command, context)).toBe(false);
    editor.tools.select(['ada']);
    expect(isEnabled(command, context)).toBe(true);
    command.perform(context);
    expect(editor.gestures.naming()).toBe('ada');
    const before = editor.historyDepth().undo;
    const g = editor.gestures.savePose('ada', 'Hands up');
    expect(editor.gestures.naming()).toBeNull();
    expect(controller.document.gestures).toEqual([g]);
    expect(editor.historyDepth().undo).toBe(before + 1);
    expect(editor.notices.notices().at(-1)).toMatchObject({ kind: 'info', title: 'Saved the pose as the gesture “Hands up”' });
    // The pickers offer it after the built-ins, and it round-trips through the scene file.
    expect(editor.gestures.all().map((x) => x.id)).toEqual([...BUILTIN_GESTURES.map((b) => b.id), 'gesture-hands-up']);
    const reloaded = loadSceneText(saveSceneText(controller.document));
    expect(reloaded.ok && findGesture('gesture-hands-up', reloaded.scene.gestures)).toEqual(g);
    // An action naming it reads by its name.
    expect(actionText({ type: 'gesture', gesture_id: g.id, seconds: 2 }, objectNamer(controller.document))).toBe('Gesture “Hands up” 2 s');
    editor.undo();
    expect(controller.document.gestures ?? []).toEqual([]);
    controller.dispose();
  });

  it('a taken name throws the reason and changes nothing; a stickman never posed gets a notice, no prompt', () => {
    const { controller, editor } = setup();
    editor.tools.select(['ada']);
    const before = controller.document;
    expect(() => editor.gestures.savePose('ada', 'Bow')).toThrow('A gesture named “Bow” exists already (built in)');
    expect(controller.document).toBe(before);
    const plain = new StageController(scene([ground(1400), stick()]));
    const other = new Editor(plain);
    other.tools.select(['ada']);
    expect(other.gestures.openPrompt()).toBe(false);
    expect(other.gestures.naming()).toBeNull();
    expect(other.notices.notices().at(-1)).toMatchObject({ kind: 'error', title: 'No pose to save yet' });
    plain.dispose();
    controller.dispose();
  });

  it('outside EDIT the command cannot run and the prompt closes', () => {
    const { controller, editor, context } = setup();
    editor.tools.select(['ada']);
    editor.gestures.openPrompt();
    editor.enterDirect();
    expect(editor.gestures.naming()).toBeNull();
    expect(isEnabled(commandNamed('save-pose-gesture'), context)).toBe(false);
    controller.dispose();
  });
});

describe('the preview of a gesture', () => {
  const wave = findGesture('builtin:wave')!;
  it('starts and rests standing, and shows the gesture fully in the middle of its play', () => {
    expect(previewFrame(wave, 0).markers).toEqual(STANDING);
    expect(gesturePoseAt(wave, 0.35, 1).markers.Right_Hand).toEqual([135, -585]);
    expect(previewStill(wave).markers.Right_Hand).toEqual([135, -585]);
    // A wave's right hand goes above the head (−Y is up) while it plays.
    const head = previewStill(wave).parts.head.end[1];
    expect(previewFrame(wave, 0.6).markers.Right_Hand[1]).toBeLessThan(head);
  });

  it('a bow leans the torso forward', () => {
    const bow = findGesture('builtin:bow')!;
    const torso = previewStill(bow).parts.torso;
    expect(torso.end[0] - torso.start[0]).toBeGreaterThan(100);
  });
});
