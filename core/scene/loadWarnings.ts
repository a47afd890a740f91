/**
 * What the loader warned about, as lines a headless run writes to its trace at tick 0 and prints
 * (DESIGN.md §9): "path: message", with the object it concerns. As many as a refusal lists
 * (capIssues), then one line saying how many more there were: a hostile scene may have thousands.
 */
import { capIssues } from './errors';
import { referenceWarnings } from './io';
import type { SceneDocument } from './schema';

export interface LoadWarning {
  message: string;
  /** The placeholder prop, or the stickman (or rule actor) whose action names a missing prop. */
  object?: string;
}

export function loadWarnings(scene: SceneDocument): LoadWarning[] {
  const all = referenceWarnings(scene);
  return capIssues(all).map((w, i) => (i < all.length && w.path === all[i].path ? { message: `${w.path}: ${w.message}`, object: all[i].object } : { message: w.message }));
}
