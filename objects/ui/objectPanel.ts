/**
 * The UI part of an object kind (the `panel.tsx` of its folder): what the property panel shows
 * besides the model's fields (a prop's grips, a stickman's queue) and the icons of its palette
 * entries. UI layer.
 */
import type { JSX } from 'solid-js';
import type { Editor } from '../../ui/state/editor';
import type { SceneDocument } from '../../core/scene/schema';
import type { StageGrip } from '../../ui/state/propAssets';

export type IconColors = { fill: string; stroke: string };

export interface PanelExtraProps<O> {
  editor: Editor;
  o: O;
  readOnly: boolean;
}

export interface ObjectPanelPart<O> {
  /** The icon of each of its palette entries, by entry key (objects/<kind>/model.ts `palette`). */
  readonly icons: Readonly<Record<string, (c: IconColors) => JSX.Element>>;
  /** Above the placement fieldset. */
  top?(props: PanelExtraProps<O>): JSX.Element;
  /** After its fieldsets. */
  bottom?(props: PanelExtraProps<O>): JSX.Element;
  /** The marks the stage shows on it while it alone is selected (a prop's authored grips). */
  grips?(doc: SceneDocument, o: O): StageGrip[];
}
