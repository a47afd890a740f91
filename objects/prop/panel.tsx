/** A prop in the UI: the built-in props' palette icons, and its grips under its fields. UI layer. */
import { PropGrips } from '../../ui/components/GripEditor';
import { stageGrips } from '../../ui/state/propAssets';
import type { ObjectPanelPart } from '../ui/objectPanel';
import type { PropObject } from './model';

export const propPanel: ObjectPanelPart<PropObject> = {
  icons: {
    box: (c) => <rect x="6" y="6" width="12" height="12" fill={c.fill} stroke={c.stroke} stroke-width="1.5" />,
    ball: (c) => <circle cx="12" cy="12" r="7" fill={c.fill} stroke={c.stroke} stroke-width="1.5" />,
    plank: (c) => <rect x="2" y="10" width="20" height="4" fill={c.fill} stroke={c.stroke} stroke-width="1.2" />,
    bottle: (c) => <rect x="9" y="4" width="6" height="16" rx="3" fill={c.fill} stroke={c.stroke} stroke-width="1.2" />,
  },
  bottom: (props) => <PropGrips editor={props.editor} prop={props.o} readOnly={props.readOnly} />,
  grips: stageGrips,
};
