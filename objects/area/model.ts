/**
 * Area: an invisible trigger zone (a fixed sensor): objects entering and leaving it are stage
 * events rules react to. Core layer.
 */
import { z } from 'zod';
import { colorSchema, fileIdSchema, idSchema, rotationSchema, sizeSchema, text, vec2Schema } from '../../core/scene/values';
import { hitsArea, topmostHits } from '../../core/geometry/hitTest';
import { resizeSized } from '../core/boxResize';
import { colorField, nameField, sizeRow } from '../core/fields';
import { defineObjectModel } from '../core/objectModel';

export const DEFAULT_AREA_COLOR = '#3fa7d6';

export const areaSchema = z.strictObject({
  kind: z.literal('area'),
  id: idSchema,
  file_id: fileIdSchema,
  name: text().optional(),
  position: vec2Schema,
  size: sizeSchema,
  rotation: rotationSchema.optional(),
  color: colorSchema.optional(),
});

export type AreaObject = z.infer<typeof areaSchema>;

export const areaModel = defineObjectModel<AreaObject>({
  kind: 'area',
  schema: areaSchema,
  defaultColor: DEFAULT_AREA_COLOR,
  rotatable: true,
  actor: false,
  grabbable: false,
  backdrop: false,
  namedBy: [],
  idMirrors: [],
  defaults: () => ({ size: [200, 200] }),
  idPrefix: () => 'area',
  pick: { rank: 2, hits: (scene, p, r) => topmostHits(scene.areas, (x) => hitsArea(x, p, r.tolerance)) },
  selection: (o) => ({ box: { center: [o.position[0], o.position[1]], half: [o.size[0] / 2, o.size[1] / 2], rotation: o.rotation ?? 0 }, rotatable: true, resizable: true }),
  resize: (_o, start, pointer, options) => resizeSized(start, pointer, options),
  panel: [{
    id: 'area',
    legend: () => 'Area',
    rows: [nameField<AreaObject>('area-name'), sizeRow<AreaObject>('area'), colorField<AreaObject>(() => DEFAULT_AREA_COLOR)],
  }],
  palette: [{ key: 'area', label: 'Area', group: 'Areas', spec: {}, hint: 'Trigger area, 200×200' }],
  iconColors(spec) {
    const color = (spec.color as string | undefined) ?? DEFAULT_AREA_COLOR;
    return { fill: color, stroke: color };
  },
});
