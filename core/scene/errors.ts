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

/** A schema library's issue (zod's shape), as far as turning it into a SceneIssue needs. */
export interface SchemaIssueLike {
  path: ReadonlyArray<PropertyKey>;
  message: string;
  code?: string;
}

/** Human reason for a schema issue: the schema's own message, with zod's generic wording replaced where it helps. */
export function issueMessage(issue: SchemaIssueLike): string {
  if (issue.code === 'invalid_type' && /received (-?Infinity|NaN)$/.test(issue.message)) return 'must be a finite number';
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) return 'is required';
  return issue.message;
}

/** Schema issues as SceneIssues; `prefix` is the path of the validated value inside the scene. */
export function toSceneIssues(issues: readonly SchemaIssueLike[], prefix: ReadonlyArray<PropertyKey> = []): SceneIssue[] {
  return issues.map((i) => ({ path: formatPath([...prefix, ...i.path]), message: issueMessage(i) }));
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
