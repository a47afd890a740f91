/**
 * The camera's queue in the editor (issue 23): whether it is the queue shown (the side panel lists
 * it like a stickman's, the stage draws its framings), and the shots it frames. Picking the camera
 * clears the object selection; selecting anything after (or Esc) ends it, so the panel always
 * shows one queue and the stage never outlines a stickman while the camera's framings are drawn.
 */
import { createSignal, type Accessor } from 'solid-js';
import { CAMERA_ID } from '../../core/camera/actions';
import { followPoint, frameRectView, NOMINAL_ASPECT, type CameraView } from '../../core/camera/camera';
import type { QueueItem, SceneDocument } from '../../core/scene/schema';
import { isKind } from '../../objects/core/models';
import type { CameraShot } from '../../render';
import { objectNamer } from './actionText';
import type { Editor } from './editor';
import { oneEach } from '../../core/data/oneEach';

export class CameraQueue {
  /** The object selection the camera was picked over (an empty one); null: not picked. */
  private readonly pickedOver: Accessor<readonly string[] | null>;
  private readonly setPickedOver: (s: readonly string[] | null) => void;

  constructor(private readonly editor: Editor) {
    [this.pickedOver, this.setPickedOver] = createSignal<readonly string[] | null>(null);
  }

  /** The camera's queue is the one shown (in EDIT and DIRECT; PLAY lists it live). */
  shown(): boolean {
    const over = this.pickedOver();
    return over !== null && over === this.editor.tools.selection();
  }

  /** Shows the camera's queue instead of an object's. */
  pick(): void {
    this.editor.closeDirectPopup();
    this.editor.tools.select([]);
    this.setPickedOver(this.editor.tools.selection());
  }

  close(): void {
    this.setPickedOver(null);
  }
}

/** The editor's one camera queue selection. */
export const cameraQueueFor = oneEach((editor: Editor) => new CameraQueue(editor));

/** The camera's authored queue in `doc`. */
export const cameraItems = (doc: SceneDocument): readonly QueueItem[] => (Object.hasOwn(doc.queues, CAMERA_ID) ? doc.queues[CAMERA_ID] : []);

const boxOf = (v: CameraView): [number, number, number, number] => {
  const hw = v.width / 2;
  const hh = v.width / NOMINAL_ASPECT / 2;
  return [v.center[0] - hw, v.center[1] - hh, v.center[0] + hw, v.center[1] + hh];
};

/**
 * What the stage draws for the camera's queue: each framing's rectangle and the 16:9 view it
 * shows, and each follow's view around where its target stands in the document (it moves in PLAY).
 */
export function cameraShots(doc: SceneDocument): CameraShot[] {
  const name = objectNamer(doc);
  const shots: CameraShot[] = [];
  cameraItems(doc).forEach((item, i) => {
    if (item.type === 'camera_frame') shots.push({ view: boxOf(frameRectView(item.rect)), rect: item.rect, label: `#${i + 1} Frame` });
    else if (item.type === 'camera_follow') {
      const target = doc.objects.find((o) => o.id === item.target_id);
      if (!target) return;
      const at = followPoint(target.position, isKind(target, 'stickman'));
      shots.push({ view: boxOf({ center: at, width: item.width }), label: `#${i + 1} Follow ${name(item.target_id)}` });
    }
  });
  return shots;
}
