/** A problem found while loading a scene: where (a JSON path like `$.objects[3].position[0]`) and why. */
export interface SceneIssue {
  path: string;
  message: string;
}

/** How many issues a refusal lists before the final "… and N more" (a hostile file can have 100,000s). */
export const MAX_LISTED_ISSUES = 30;
/** The longest excerpt of an offending value (or key) an issue quotes. */
export const MAX_QUOTED_CHARS = 80;
/** The longest issue message; longer ones (e.g. a schema message listing many keys) are cut. */
export const MAX_MESSAGE_CHARS = 200;

const ELLIPSIS = '…';

/** `text` cut to at most `max` characters, the cut marked with an ellipsis. */
export function clipText(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}${ELLIPSIS}`;
}

/**
 * A short, safe excerpt of any value for a message: JSON-like, at most `max` characters, and
 * never recursing more than a few levels (a file can nest arrays thousands deep, which a plain
 * JSON.stringify would follow until the stack overflows).
 */
export function quoteValue(value: unknown, max = MAX_QUOTED_CHARS): string {
  return typeof value === 'string' ? quoteString(value, max) : clipText(preview(value, 0, max + 1), max);
}

/** `"text"` in at most `max` characters, quotes kept: `"abc…"` when cut. */
function quoteString(text: string, max: number): string {
  let inner = clipText(text, Math.max(1, max - 2));
  let quoted = JSON.stringify(inner);
  // Escapes (\n, \") make the quoted form longer than its text: cut more until it fits.
  while (quoted.length > max && inner.length > 1) {
    inner = clipText(inner, inner.length - Math.max(1, quoted.length - max));
    quoted = JSON.stringify(inner);
  }
  return quoted;
}

function preview(value: unknown, depth: number, budget: number): string {
  if (typeof value === 'string') return quoteString(value, Math.max(3, budget));
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value !== 'object') return `a ${typeof value}`;
  const isArray = Array.isArray(value);
  const [open, close] = isArray ? ['[', ']'] : ['{', '}'];
  const keys = isArray ? null : Object.keys(value);
  const count = keys ? keys.length : (value as unknown[]).length;
  if (count === 0) return `${open}${close}`;
  if (depth >= 2) return `${open}${ELLIPSIS}${close}`;
  let out = open;
  // Stops once the budget is spent: a million-item list costs a few items.
  for (let i = 0; i < count && out.length <= budget; i += 1) {
    if (i > 0) out += ',';
    if (keys) out += `${JSON.stringify(clipText(keys[i], budget))}:`;
    const v = keys ? (value as Record<string, unknown>)[keys[i]] : (value as unknown[])[i];
    out += preview(v, depth + 1, budget - out.length);
  }
  return out.length > budget ? out : `${out}${close}`;
}

export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '$';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) && key.length <= MAX_QUOTED_CHARS) out += `.${key}`;
    else out += `[${quoteValue(String(key))}]`;
  }
  return out;
}

/** A schema library's issue (zod's shape), as far as turning it into a SceneIssue needs. */
export interface SchemaIssueLike {
  path: ReadonlyArray<PropertyKey>;
  message: string;
  code?: string;
  /** The unknown keys of an `unrecognized_keys` issue. */
  keys?: readonly string[];
}

/** Human reason for a schema issue: the schema's own message, with zod's generic wording replaced where it helps. */
export function issueMessage(issue: SchemaIssueLike): string {
  if (issue.code === 'invalid_type' && /received (-?Infinity|NaN)$/.test(issue.message)) return 'must be a finite number';
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) return 'is required';
  if (issue.code === 'unrecognized_keys' && issue.keys?.length) {
    // zod lists every key in full; a hostile file can have thousands of long ones.
    const shown = issue.keys.slice(0, 3).map((k) => quoteValue(k, 40)).join(', ');
    const more = issue.keys.length > 3 ? ` and ${issue.keys.length - 3} more` : '';
    return `Unrecognized key${issue.keys.length > 1 ? 's' : ''}: ${shown}${more}`;
  }
  return issue.message;
}

/** Schema issues as SceneIssues; `prefix` is the path of the validated value inside the scene. */
export function toSceneIssues(issues: readonly SchemaIssueLike[], prefix: ReadonlyArray<PropertyKey> = []): SceneIssue[] {
  return issues.map((i) => ({ path: formatPath([...prefix, ...i.path]), message: issueMessage(i) }));
}

/** The message of the final entry of a capped issue list. */
const moreMessage = (n: number) => `${ELLIPSIS} and ${n} more`;
const MORE_PATTERN = /^… and (\d+) more$/;

/**
 * At most MAX_LISTED_ISSUES issues, each message at most MAX_MESSAGE_CHARS long; when some are
 * left out, a final `{ path: '$', message: '… and N more' }` says how many. `total` is the
 * number of issues found when `issues` is already a prefix of them.
 */
export function capIssues(issues: readonly SceneIssue[], total = issues.length): SceneIssue[] {
  const listed = issues.slice(0, MAX_LISTED_ISSUES).map((i) => ({ path: i.path, message: clipText(i.message, MAX_MESSAGE_CHARS) }));
  if (total > listed.length) listed.push({ path: '$', message: moreMessage(total - listed.length) });
  return listed;
}

/**
 * How many issues `issues` stands for: its length, plus what a final "… and N more" entry
 * (see capIssues) left out.
 */
export function countIssues(issues: readonly SceneIssue[]): number {
  const last = issues[issues.length - 1];
  const more = last && last.path === '$' ? MORE_PATTERN.exec(last.message) : null;
  return more ? issues.length - 1 + Number(more[1]) : issues.length;
}

export function formatIssues(issues: readonly SceneIssue[], max = 5): string {
  const total = countIssues(issues);
  const real = total === issues.length ? issues : issues.slice(0, -1);
  const shown = real.slice(0, max).map((i) => `${i.path}: ${i.message}`);
  if (total > shown.length) shown.push(moreMessage(total - shown.length));
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
