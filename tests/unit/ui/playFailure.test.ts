/**
 * A PLAY the stage cannot run (issue 18: the run actor errors, the stage lands in PLAY_FAILED):
 * the app says so as it always did — an error notice naming the command, with the reason — and the
 * director is back to editing the scene, which then plays once fixed.
 */
import { describe, expect, it } from 'vitest';
import type { SceneDocument } from '../../../core/scene/schema';
import { StageController } from '../../../streams/stage/stageController';
import { Editor } from '../../../ui/state/editor';
import { ground, prop, scene } from '../../helpers/scenes';

const good = scene([ground(1400), prop('box', 'box', [500, 1000])]);
/** Built in code past the loader: the physics refuses the NaN rotation when PLAY builds the run. */
const unbuildable: SceneDocument = { ...good, objects: good.objects.map((o) => (o.kind === 'prop' ? { ...o, rotation: Number.NaN } : o)) };

describe('PLAY that cannot start, in the app', () => {
  it('is an error notice naming ui.play and the reason; the stage is edited again and plays once fixed', async () => {
    const controller = new StageController(unbuildable);
    const editor = new Editor(controller);
    try {
      await editor.run.play();
      expect(controller.actor.getSnapshot().value).toBe('PLAY_FAILED');
      expect(controller.mode.mode).toBe('EDIT');
      const notice = editor.notices.notices().find((n) => n.kind === 'error');
      expect(notice?.title).toBe('The stage could not handle ui.play');
      expect(notice?.details.join(' ')).toMatch(/prop "box" position is not finite/);
      // Edited as in EDIT: the box gets a finite rotation (and moves), and the scene plays.
      const fixed = editor.edit('Fixing the box', (d) => ({ ...d, objects: d.objects.map((o) => (o.kind === 'prop' ? { ...o, position: [600, 1000] as [number, number], rotation: 0 } : o)) }));
      expect(fixed, JSON.stringify(editor.notices.notices().at(-1))).toBe(true);
      await editor.run.play();
      expect(controller.mode).toEqual({ mode: 'PLAY', paused: false });
      expect(controller.step(3)).toBe(3);
    } finally {
      controller.dispose();
    }
  });
});
