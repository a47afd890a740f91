/**
 * Pure edits of the scene's embedded prop assets (seed phase 11 §6): importing a `.prop.json`
 * asset, and editing an asset's grips (anchors) — move, turn, allowed hands, the primary grip.
 * Like core/scene/edit, each returns a new document (one undo step in the editor) or throws an
 * EditError naming the JSON path, leaving the input unchanged.
 */
import { GENERATED_GRIP_ID, visualCenter } from '../props/grips';
import { modelOf } from '../../objects/core/models';
import { EditError } from './edit';
import { toSceneIssues } from './errors';
import { anchorIssues, checkReferences } from './io';
import { SCENE_LIMITS } from './limits';
import { propAssetIssues } from './propFile';
import { anchorSchema, propAssetSchema, sceneSchema, type PropAsset, type SceneDocument } from './schema';

export type Anchor = PropAsset['anchors'][number];
/** What a grip edit may change: everything but its id (and `primary_grip`: see setPrimaryGrip). */
export type AnchorPatch = Partial<Omit<Anchor, 'id' | 'primary_grip'>>;

export interface ImportResult {
  doc: SceneDocument;
  /** Props that were placeholders (their asset missing) and now resolve to the imported asset. */
  restored: string[];
  /** The scene already embedded an asset of this spawn_id, which the import replaced. */
  replaced: boolean;
}

/**
 * Embeds `asset` in the scene: appended, or replacing the embedded asset of the same spawn_id
 * (the props using it then use the new definition). Placeholders of that spawn_id come back as
 * real props, keeping their ids and so every queue and rule naming them.
 */
export function importPropAsset(doc: SceneDocument, asset: PropAsset): ImportResult {
  const at = doc.prop_assets.findIndex((a) => a.spawn_id === asset.spawn_id);
  const index = at < 0 ? doc.prop_assets.length : at;
  if (at < 0 && doc.prop_assets.length >= SCENE_LIMITS.maxPropAssets) {
    throw new EditError('too many prop assets', [{ path: '$.prop_assets', message: `at most ${SCENE_LIMITS.maxPropAssets} prop assets` }]);
  }
  const checked = checkAsset(asset, index);
  const prop_assets = at < 0 ? [...doc.prop_assets, checked] : doc.prop_assets.map((a, i) => (i === at ? checked : a));
  const parsed = sceneSchema.safeParse({ ...doc, prop_assets });
  if (!parsed.success) throw new EditError('the asset does not fit this scene', toSceneIssues(parsed.error.issues.slice(0, 20)));
  // The instance scales of props already placed must still give shapes physics can hold.
  const issues = checkReferences(parsed.data);
  if (issues.length) throw new EditError('the asset does not fit this scene', issues.slice(0, 20));
  const restored = at < 0 ? doc.objects.flatMap((o) => (modelOf(o).assetOf?.(o) === asset.spawn_id ? [o.id] : [])) : [];
  return { doc: parsed.data, restored, replaced: at >= 0 };
}

/** The embedded asset of `spawnId` and its index; throws if the scene embeds none. */
export function findAsset(doc: SceneDocument, spawnId: string): { asset: PropAsset; index: number } {
  const index = doc.prop_assets.findIndex((a) => a.spawn_id === spawnId);
  if (index < 0) throw new EditError(`no prop asset "${spawnId}" in this scene`, [{ path: '$.prop_assets', message: `no asset with spawn_id "${spawnId}"` }]);
  return { asset: doc.prop_assets[index], index };
}

/**
 * The asset's anchors as the grip editor edits them. An asset without anchors is held by its
 * generated centre grip (core/props/grips); editing that grip makes it an authored anchor, so it
 * starts where the director saw it.
 */
export function editableAnchors(asset: PropAsset): Anchor[] {
  if (asset.anchors.length) return asset.anchors;
  return [{ id: GENERATED_GRIP_ID, role: 'grip', hands: ['left', 'right'], position: visualCenter(asset.shape), rotation: 0, z_offset: 0, primary_grip: true }];
}

/** Changes one grip of an embedded asset (position, rotation, hands, z offset, role). */
export function updateAnchor(doc: SceneDocument, spawnId: string, anchorId: string, patch: AnchorPatch): SceneDocument {
  const { asset, index } = findAsset(doc, spawnId);
  const anchors = editableAnchors(asset);
  const j = anchorIndex(anchors, anchorId, index);
  const { id: _id, primary_grip: _primary, ...allowed } = patch as AnchorPatch & Partial<Anchor>;
  const next = anchors.map((a, k) => (k === j ? { ...a, ...allowed } : a));
  return withAnchors(doc, index, next);
}

/**
 * Marks `anchorId` as the asset's one primary grip (the one `auto` pickups try first), clearing
 * it on the others; `null` leaves none primary.
 */
export function setPrimaryGrip(doc: SceneDocument, spawnId: string, anchorId: string | null): SceneDocument {
  const { asset, index } = findAsset(doc, spawnId);
  const anchors = editableAnchors(asset);
  if (anchorId !== null) anchorIndex(anchors, anchorId, index);
  return withAnchors(doc, index, anchors.map((a) => ({ ...a, primary_grip: a.id === anchorId })));
}

/** Adds a grip (id `grip-<n>`, either hand) at `position`, prop-local px; it is the asset's last anchor. */
export function addAnchor(doc: SceneDocument, spawnId: string, position: readonly [number, number]): SceneDocument {
  const { asset, index } = findAsset(doc, spawnId);
  const anchors = editableAnchors(asset);
  if (anchors.length >= SCENE_LIMITS.maxAnchors) {
    throw new EditError('too many grips', [{ path: `$.prop_assets[${index}].anchors`, message: `at most ${SCENE_LIMITS.maxAnchors} grips` }]);
  }
  const used = new Set(anchors.map((a) => a.id));
  let n = anchors.length + 1;
  while (used.has(`grip-${n}`)) n += 1;
  const anchor: Anchor = { id: `grip-${n}`, role: 'grip', hands: ['left', 'right'], position: [position[0], position[1]], rotation: 0, z_offset: 0, primary_grip: false };
  return withAnchors(doc, index, [...anchors, anchor]);
}

/** Removes a grip. The last one may go too: the prop is then held by its generated centre grip again. */
export function removeAnchor(doc: SceneDocument, spawnId: string, anchorId: string): SceneDocument {
  const { asset, index } = findAsset(doc, spawnId);
  const j = anchorIndex(asset.anchors, anchorId, index);
  return withAnchors(doc, index, asset.anchors.filter((_, k) => k !== j));
}

function anchorIndex(anchors: readonly Anchor[], anchorId: string, assetIndex: number): number {
  const j = anchors.findIndex((a) => a.id === anchorId);
  if (j < 0) throw new EditError(`no grip "${anchorId}"`, [{ path: `$.prop_assets[${assetIndex}].anchors`, message: `no grip with id "${anchorId}"` }]);
  return j;
}

/** The document with asset `index`'s anchors replaced, each anchor schema-checked. */
function withAnchors(doc: SceneDocument, index: number, anchors: readonly unknown[]): SceneDocument {
  const base = `$.prop_assets[${index}]`;
  const checked = anchors.map((a, j) => {
    const parsed = anchorSchema.safeParse(a);
    if (!parsed.success) throw new EditError('invalid grip', toSceneIssues(parsed.error.issues, ['prop_assets', index, 'anchors', j]));
    return parsed.data;
  });
  const issues = anchorIssues(checked, base);
  if (issues.length) throw new EditError('invalid grips', issues);
  const asset = { ...doc.prop_assets[index], anchors: checked };
  return { ...doc, prop_assets: doc.prop_assets.map((a, i) => (i === index ? asset : a)) };
}

function checkAsset(asset: unknown, index: number): PropAsset {
  const parsed = propAssetSchema.safeParse(asset);
  if (!parsed.success) throw new EditError('invalid prop asset', toSceneIssues(parsed.error.issues, ['prop_assets', index]));
  const issues = propAssetIssues(parsed.data, `$.prop_assets[${index}]`);
  if (issues.length) throw new EditError('invalid prop asset', issues);
  return parsed.data;
}
