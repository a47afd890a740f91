/**
 * The notices shown over the stage: errors, warnings and short-lived infos. Only the last few
 * are kept; an info dismisses itself.
 */
import { createSignal, type Accessor } from 'solid-js';
import { countIssues, type SceneIssue } from '../../core/scene/errors';

export interface Notice {
  id: number;
  kind: 'error' | 'warning' | 'info';
  title: string;
  details: string[];
}

export const MAX_ISSUES_SHOWN = 8;
/** Notices kept on screen at once (the oldest goes first). */
export const MAX_NOTICES = 5;
export const INFO_NOTICE_MS = 4000;

/**
 * One line per issue (`path: message`), at most `max` of them plus a count of the rest. Loader
 * lists arrive capped with a final "… and N more" entry (core/scene/errors capIssues): that entry
 * is counted, not listed, so the count covers every issue the loader found.
 */
export function issueLines(issues: readonly SceneIssue[], max = MAX_ISSUES_SHOWN): string[] {
  const total = countIssues(issues);
  const listed = total === issues.length ? issues : issues.slice(0, -1);
  const lines = listed.slice(0, max).map((i) => `${i.path}: ${i.message}`);
  if (total > lines.length) lines.push(`… and ${total - lines.length} more`);
  return lines;
}

/** A caught value as one line of text. */
export function errorText(e: unknown): string {
  return String((e as Error)?.message ?? e);
}

export class NoticeBoard {
  readonly notices: Accessor<readonly Notice[]>;
  private readonly setNotices: (n: readonly Notice[]) => void;
  private seq = 0;

  constructor() {
    [this.notices, this.setNotices] = createSignal<readonly Notice[]>([]);
  }

  notify(kind: Notice['kind'], title: string, details: string[]): number {
    const id = (this.seq += 1);
    this.setNotices([...this.notices(), { id, kind, title, details }].slice(-MAX_NOTICES));
    if (kind === 'info') setTimeout(() => this.dismiss(id), INFO_NOTICE_MS);
    return id;
  }

  dismiss(id: number): void {
    this.setNotices(this.notices().filter((n) => n.id !== id));
  }
}
