/** Terrain in the UI: its shapes' palette icons (its panel is all model fields). UI layer. */
import type { ObjectPanelPart } from '../ui/objectPanel';
import type { TerrainObject } from './model';

export const terrainPanel: ObjectPanelPart<TerrainObject> = {
  icons: {
    block: (c) => <rect x="3" y="9" width="18" height="8" fill={c.fill} />,
    ramp: (c) => <path d="M3 18 L21 18 L21 7 Z" fill={c.fill} />,
    stairs: (c) => <path d="M3 18 V15 H7 V12 H11 V9 H15 V6 H21 V18 Z" fill={c.fill} />,
  },
};
