/** A problem found while loading a scene: where (a JSON path like `$.objects[3].position[0]`) and why. */
export interface SceneIssue {
  path: string;
  message: string;
}

export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '$';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) out += `.${key}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}

export function formatIssues(issues: readonly SceneIssue[], max = 5): string {
  const shown = issues.slice(0, max).map((i) => `${i.path}: ${i.message}`);
  if (issues.length > max) shown.push(`… and ${issues.length - max} more`);
  return shown.join('\n');
}

export class SceneLoadError extends Error {
  constructor(readonly issues: SceneIssue[]) {
    super(formatIssues(issues));
    this.name = 'SceneLoadError';
  }
}

/** Thrown by saveSceneText for a document that would not load back. */
export class SceneSaveError extends Error {
  constructor(readonly issues: SceneIssue[]) {
    super(formatIssues(issues));
    this.name = 'SceneSaveError';
  }
}
