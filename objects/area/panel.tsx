/** An area in the UI: its palette icon (its panel is all model fields). UI layer. */
import type { ObjectPanelPart } from '../ui/objectPanel';
import type { AreaObject } from './model';

export const areaPanel: ObjectPanelPart<AreaObject> = {
  icons: {
    area: (c) => <rect x="4" y="4" width="16" height="16" fill={c.fill} fill-opacity="0.25" stroke={c.stroke} stroke-width="1.5" stroke-dasharray="3 2" />,
  },
};
