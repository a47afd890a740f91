/**
 * The export's camera choices (issue 23): the director's camera when the scene directs one — and
 * then by default — as on screen, the whole stage, or following a stickman.
 */
import { sceneDirectsCamera } from '../../../core/camera/actions';
import type { SceneDocument } from '../../../core/scene/schema';
import type { CameraChoice } from './exportJob';

export interface CameraOption {
  value: CameraChoice;
  label: string;
}

const DIRECTOR: CameraOption = { value: 'director', label: 'Director’s camera' };
const OTHERS: readonly CameraOption[] = [
  { value: 'view', label: 'As on screen now' },
  { value: 'stage', label: 'Whole stage' },
  { value: 'follow', label: 'Follow the selected stickman' },
];

/** The camera options the export offers for `doc`, the default first. */
export function cameraOptions(doc: SceneDocument): readonly CameraOption[] {
  return sceneDirectsCamera(doc) ? [DIRECTOR, ...OTHERS] : OTHERS;
}

/** The camera an export uses: the one picked, if `doc` offers it, else the default (the first option). */
export function cameraChoiceFor(doc: SceneDocument, picked: CameraChoice | null): CameraChoice {
  const options = cameraOptions(doc);
  return options.find((o) => o.value === picked)?.value ?? options[0].value;
}
