/**
 * Custom props in the app (issue 10): importing `.prop.json` assets into the scene's
 * `prop_assets`, the palette items that place them, and what a placed prop's grips and
 * placeholder state look like to the panels. Every document change is one editor edit.
 */
import { findPropTemplate, resolveProp, type ResolvedGrip } from '../../core/props/resolve';
import { gripToStage } from '../../core/props/grips';
import { importPropAsset } from '../../core/scene/editAssets';
import { MAX_PROP_FILE_BYTES, loadPropAssetText } from '../../core/scene/propFile';
import type { PropAsset, PropObject, SceneDocument } from '../../core/scene/schema';
import type { Editor } from './editor';
import { issueLines } from './notices';
import type { PaletteItem } from './palette';

/** The palette key of an embedded asset's item. */
export const assetKey = (spawnId: string): string => `asset:${spawnId}`;

/** One palette item per embedded asset, in document order, placed exactly like the built-ins. */
export function assetPaletteItems(doc: SceneDocument): PaletteItem[] {
  return doc.prop_assets.map((a) => ({
    key: assetKey(a.spawn_id),
    label: a.name,
    group: 'Props',
    kind: 'prop',
    spec: { spawn_id: a.spawn_id },
    hint: `${a.name} (${a.spawn_id}, ${a.mass} kg)`,
  }));
}

/**
 * Imports an asset file's text into the scene (EDIT only; one undo step). A refused file is
 * reported with the JSON path and reason of each issue and nothing changes. Returns the
 * imported asset, or null.
 */
export function importPropAssetText(editor: Editor, text: string, source = 'the prop file'): PropAsset | null {
  if (!editor.canEdit()) {
    editor.notices.notify('info', 'Switch to EDIT (E) to import props', []);
    return null;
  }
  const loaded = loadPropAssetText(text);
  if (!loaded.ok) {
    editor.notices.notify('error', `Could not import ${source}: nothing was changed`, issueLines(loaded.issues));
    return null;
  }
  const asset = loaded.asset;
  let restored: string[] = [];
  let replaced = false;
  const ok = editor.edit(`Importing ${source}`, (doc) => {
    const r = importPropAsset(doc, asset);
    restored = r.restored;
    replaced = r.replaced;
    return r.doc;
  });
  if (!ok) return null;
  const details = [replaced ? `Replaced the scene's ${asset.spawn_id}: placed props use the new definition.` : `Pick “${asset.name}” in the palette to place it.`];
  if (restored.length) details.push(`Restored ${restored.length === 1 ? 'placeholder' : `${restored.length} placeholders`}: ${restored.join(', ')}.`);
  editor.notices.notify('info', `Imported ${asset.name}`, details);
  return asset;
}

/** Reads a chosen file and imports it (size checked before reading). */
export async function importPropAssetFile(editor: Editor, file: File): Promise<PropAsset | null> {
  if (file.size > MAX_PROP_FILE_BYTES) {
    editor.notices.notify('error', `Could not import ${file.name}: nothing was changed`, [`$: file is ${file.size} bytes; the limit for a prop asset is ${MAX_PROP_FILE_BYTES}`]);
    return null;
  }
  let text: string;
  try {
    text = await file.text();
  } catch (e) {
    editor.notices.notify('error', `Could not read ${file.name}`, [String((e as Error)?.message ?? e)]);
    return null;
  }
  return importPropAssetText(editor, text, file.name);
}

/** The embedded asset a placed prop uses, if it is a custom prop whose asset is in the scene. */
export function embeddedAsset(doc: SceneDocument, prop: PropObject): PropAsset | undefined {
  return doc.prop_assets.find((a) => a.spawn_id === prop.spawn_id);
}

/** Is this prop a placeholder (a custom prop whose asset is missing)? */
export function isPlaceholder(doc: SceneDocument, prop: PropObject): boolean {
  return !findPropTemplate(prop.spawn_id, doc.prop_assets);
}

/** A grip as the stage shows it: where it is (stage px) and which way it points. */
export interface StageGrip {
  id: string;
  position: [number, number];
  rotation: number;
  primary: boolean;
}

/** The prop's grips on the stage (instance scale, rotation and position applied). */
export function stageGrips(doc: SceneDocument, prop: PropObject): StageGrip[] {
  // Only authored grips are worth a mark on the stage: a built-in's generated centre grip is
  // simply "hold it by the middle" and would sit on top of the prop like a stain.
  if (!doc.prop_assets.some((a) => a.spawn_id === prop.spawn_id && (a.anchors?.length ?? 0) > 0)) return [];
  return resolveProp(doc, prop).grips.map((g: ResolvedGrip) => ({ id: g.id, primary: g.primary, ...gripToStage(g, prop.position, prop.rotation) }));
}
