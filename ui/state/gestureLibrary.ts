/**
 * The gestures as the editor offers them (issue 23): the built-ins and the scene's own, and the
 * "Save pose as gesture" flow — a name prompt for the selected stickman in EDIT, then one undo
 * step that adds the pose as a one-key gesture (./poseGesture) and a notice saying where it is
 * offered. The editor hands it out as `editor.gestures`.
 */
import { createSignal, type Accessor } from 'solid-js';
import { BUILTIN_GESTURES, type Gesture } from '../../core/gestures';
import { EditError } from '../../core/scene/edit';
import type { SceneDocument } from '../../core/scene/schema';
import { isKind } from '../../objects/core/models';
import type { Editor } from './editor';
import { gestureFromPose, poseProblem } from './poseGesture';

/** The scene's own gestures (none in a file from before issue 23). */
export const sceneGestures = (doc: SceneDocument): readonly Gesture[] => doc.gestures ?? [];

/** The document with `gesture` added to its own gestures. */
export function withSceneGesture(doc: SceneDocument, gesture: Gesture): SceneDocument {
  return { ...doc, gestures: [...sceneGestures(doc), gesture] as SceneDocument['gestures'] };
}

export class GestureLibrary {
  /** The stickman whose pose is being named (the prompt is open), if any. */
  readonly naming: Accessor<string | null>;
  private readonly setNaming: (id: string | null) => void;

  constructor(private readonly editor: Editor) {
    [this.naming, this.setNaming] = createSignal<string | null>(null);
  }

  /** Every gesture an action may name: the built-ins, then the scene's own. */
  all(): readonly Gesture[] {
    return [...BUILTIN_GESTURES, ...sceneGestures(this.editor.doc())];
  }

  /** The one selected stickman in EDIT, whose pose can be saved; null otherwise. */
  poseSource(): string | null {
    const ids = this.editor.tools.selection();
    if (!this.editor.canEdit() || ids.length !== 1) return null;
    return isKind(this.editor.object(ids[0]), 'stickman') ? ids[0] : null;
  }

  /** Opens the name prompt for the selected stickman (the panel shows it); a stickman never posed gets a notice instead. */
  openPrompt(): boolean {
    const id = this.poseSource();
    const o = id ? this.editor.object(id) : undefined;
    const unposed = isKind(o, 'stickman') ? poseProblem(o) : null;
    if (unposed) this.editor.notices.notify('error', 'No pose to save yet', [unposed]);
    this.setNaming(unposed ? null : id);
    return id !== null && !unposed;
  }

  closePrompt(): void {
    this.setNaming(null);
  }

  /**
   * Saves `rigId`'s pose as a new gesture named `name`, as one undo step. Throws an EditError
   * naming what is wrong (no pose, a taken name); nothing changes then.
   */
  savePose(rigId: string, name: string): Gesture {
    const o = this.editor.object(rigId);
    if (!isKind(o, 'stickman')) throw new EditError(`there is no stickman “${rigId}” to take a pose from`);
    const made = gestureFromPose(o, name, sceneGestures(this.editor.doc()));
    if (!made.ok) throw new EditError(made.reason);
    this.editor.tryEdit((doc) => withSceneGesture(doc, made.gesture));
    this.setNaming(null);
    this.editor.notices.notify('info', `Saved the pose as the gesture “${made.gesture.name}”`, [
      `${made.gesture.body === 'whole' ? 'Whole body (hands and pelvis)' : 'Arms'}: offered by name in the Direct popup, the queue's and the rules' Gesture action.`,
    ]);
    return made.gesture;
  }
}
