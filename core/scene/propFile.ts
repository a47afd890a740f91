/**
 * Prop asset files (`.prop.json`, DESIGN.md §8): one asset as the scene's `prop_assets` embed it
 * (spawn_id, name, shape, physics, colours, anchors), optionally tagged with the format name and
 * version. Loaded like a scene: never throws on bad input, and a refusal names the JSON path and
 * the reason of each issue, so the caller keeps what it had.
 */
import { parseJsonText } from './jsonText';
import { z } from 'zod';
import { capIssues, MAX_LISTED_ISSUES, toSceneIssues, type SceneIssue } from './errors';
import { checkJsonStructure } from './inputGuard';
import { anchorIssues, isBuiltinSpawnId } from './io';
import { propShapeProblem } from '../props/shapeCheck';
import { propAssetSchema, type PropAsset } from './schema';

export const PROP_FILE_FORMAT = 'stickman-stage/prop';
export const PROP_FILE_VERSION = '1.0';
/** An asset is small: its largest legal form (64-point polygon, 32 anchors) is a few KB. */
export const MAX_PROP_FILE_BYTES = 256 * 1024;

/** The file: the asset's own keys, plus the optional `format` and `version` tags. */
export const propFileSchema = propAssetSchema.extend({
  format: z.literal(PROP_FILE_FORMAT, { error: `format must be "${PROP_FILE_FORMAT}"` }).optional(),
  version: z.literal(PROP_FILE_VERSION, { error: `version must be "${PROP_FILE_VERSION}"` }).optional(),
});

export type PropFileResult = { ok: true; asset: PropAsset } | { ok: false; issues: SceneIssue[] };

export function loadPropAssetText(text: string): PropFileResult {
  const parsed = parseJsonText(text, MAX_PROP_FILE_BYTES, 'the limit for a prop asset is');
  return parsed.ok ? loadPropAssetValue(parsed.value) : parsed;
}

/** Validates an untrusted value as a prop asset: structure, schema, then the shape and anchor checks a scene's assets get. */
export function loadPropAssetValue(raw: unknown): PropFileResult {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return fail('$', 'a prop asset must be a JSON object');
  const structural = checkJsonStructure(raw);
  if (structural) return { ok: false, issues: [structural] };
  const parsed = propFileSchema.safeParse(raw);
  if (!parsed.success) {
    const all = parsed.error.issues;
    return { ok: false, issues: capIssues(toSceneIssues(all.slice(0, MAX_LISTED_ISSUES)), all.length) };
  }
  const { format: _format, version: _version, ...asset } = parsed.data;
  const issues = propAssetIssues(asset, '$');
  if (issues.length) return { ok: false, issues: capIssues(issues) };
  return { ok: true, asset };
}

/** What the schema cannot say about an asset: the reserved prefix, a shape physics cannot hold, its anchors. */
export function propAssetIssues(asset: PropAsset, base: string): SceneIssue[] {
  const issues: SceneIssue[] = [];
  if (isBuiltinSpawnId(asset.spawn_id)) issues.push({ path: `${base}.spawn_id`, message: 'the builtin: prefix is reserved' });
  const problem = propShapeProblem(asset.shape);
  if (problem) issues.push({ path: `${base}.shape${asset.shape.kind === 'polygon' ? '.points' : ''}`, message: problem });
  issues.push(...anchorIssues(asset.anchors, base));
  return issues;
}

/** The asset as a `.prop.json` file (tagged with format and version), in the asset schema's key order. */
export function savePropAssetText(asset: PropAsset): string {
  const parsed = propAssetSchema.parse(asset);
  return `${JSON.stringify({ format: PROP_FILE_FORMAT, version: PROP_FILE_VERSION, ...parsed }, null, 2)}\n`;
}

function fail(path: string, message: string): PropFileResult {
  return { ok: false, issues: [{ path, message }] };
}
