/**
 * The stage's throw guide for a focused throw: the preview (streams/preview/throwPreview) turned
 * into what the view draws — the dotted arc, the raw point, the capped target when it differs,
 * the contact point when the arc stops short — and the one-line hint beside it: the plan's
 * assumption, the neutral reason nothing is drawn, or why the target is out of reach. Red is
 * reserved for an unreachable target (seed 11 §1.3 "Feedback").
 */
import type { SceneDocument } from '../../core/scene/schema';
import { MAX_THROW_RANGE } from '../../core/props/throwTarget';
import { previewThrow, type ThrowPreview, type ThrowPreviewStatus } from '../../streams/preview/throwPreview';
import { objectNamer } from './actionText';
import type { ThrowContext } from './throwFocus';

type Vec2 = [number, number];

/** What render/ draws (ViewOverlay.throwGuide). */
export interface ThrowGuideOverlay {
  status: ThrowPreviewStatus;
  raw: Vec2;
  /** The capped target, only when it is not the raw point. */
  effective: Vec2 | null;
  arc: readonly Vec2[];
  collision: Vec2 | null;
  /** A short label at the contact point ("hits wall"). */
  collisionLabel: string | null;
}

export interface ThrowGuide {
  overlay: ThrowGuideOverlay;
  hint: string;
  preview: ThrowPreview;
}

export function throwGuide(doc: SceneDocument, ctx: ThrowContext, raw: Readonly<Vec2>): ThrowGuide {
  const preview = previewThrow(doc, ctx.rigId, [raw[0], raw[1]], { actionId: ctx.actionId, rule: ctx.rule });
  const name = objectNamer(doc);
  const overlay: ThrowGuideOverlay = {
    status: preview.status,
    raw: preview.raw,
    effective: preview.clamped && preview.effective ? preview.effective : null,
    arc: preview.arc ?? [],
    collision: preview.collision ?? null,
    collisionLabel: preview.collisionWith ? `hits ${name(preview.collisionWith)}` : null,
  };
  return { overlay, hint: hintOf(preview, name), preview };
}

function hintOf(p: ThrowPreview, name: (id: string) => string): string {
  const parts: string[] = [];
  switch (p.status) {
    case 'unavailable':
      return `No throw preview: ${p.reason ?? 'no prop to throw'}`;
    case 'noop':
      return p.reason ?? 'The point is at the thrower: no throw';
    case 'unreachable':
      parts.push(p.reason ?? 'Unreachable');
      break;
    case 'planned':
      parts.push(p.assumes ?? 'Planned from the queue');
      break;
    case 'live':
      parts.push(`Throws ${name(p.propId ?? '')}`);
      break;
  }
  if (p.clamped) parts.push(`target capped at ${MAX_THROW_RANGE} px from the stickman`);
  if (p.collisionWith) parts.push(`hits ${name(p.collisionWith)} first`);
  if (p.uncertainty) parts.push(p.uncertainty);
  return parts.join(' · ');
}
