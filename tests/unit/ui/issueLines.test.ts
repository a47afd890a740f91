/**
 * Notice lines for a list of scene issues: loader lists arrive capped with a final
 * "… and N more" entry (core/scene/errors capIssues), and the notice's count must cover the
 * issues that entry stands for, not just the entries it was given.
 */
import { describe, expect, it } from 'vitest';
import { capIssues, MAX_LISTED_ISSUES, type SceneIssue } from '../../../core/scene/errors';
import { loadSceneText } from '../../../core/scene/io';
import { issueLines } from '../../../ui/state/notices';

const issues = (n: number): SceneIssue[] => Array.from({ length: n }, (_, i) => ({ path: `$.objects[${i}].id`, message: 'must not be empty' }));

describe('issueLines', () => {
  it('lists every issue of a short list, with no count line', () => {
    expect(issueLines(issues(3), 8)).toEqual(['$.objects[0].id: must not be empty', '$.objects[1].id: must not be empty', '$.objects[2].id: must not be empty']);
  });

  it('an uncapped long list shows `max` lines and counts the rest', () => {
    const lines = issueLines(issues(12), 8);
    expect(lines).toHaveLength(9);
    expect(lines[8]).toBe('… and 4 more');
  });

  it('a capped list counts what its final "… and N more" entry left out, and never lists that entry as an issue', () => {
    const capped = capIssues(issues(500));
    expect(capped).toHaveLength(MAX_LISTED_ISSUES + 1);
    const lines = issueLines(capped, 8);
    expect(lines).toHaveLength(9);
    expect(lines.slice(0, 8).every((l) => l.startsWith('$.objects['))).toBe(true);
    expect(lines[8]).toBe('… and 492 more');
  });

  it('a capped list shorter than `max` still reports its hidden issues once', () => {
    const capped = capIssues(issues(MAX_LISTED_ISSUES + 5));
    const lines = issueLines(capped, 100);
    expect(lines.filter((l) => l.startsWith('…'))).toEqual(['… and 5 more']);
    expect(lines).toHaveLength(MAX_LISTED_ISSUES + 1);
  });

  it('counts every issue of a real hostile file', () => {
    const objects = Array.from({ length: 200 }, (_, i) => ({ kind: 'area', id: '', file_id: i + 1, position: [0, 0], size: [10, 10] }));
    const result = loadSceneText(JSON.stringify({ format: 'stickman-stage/scene', version: '1.1', stage: { width: 100, height: 100 }, objects }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const lines = issueLines(result.issues, 8);
    const shown = lines.length - 1;
    expect(lines[shown]).toMatch(/^… and \d+ more$/);
    expect(shown + Number(/(\d+)/.exec(lines[shown])![1])).toBeGreaterThanOrEqual(200);
  });
});
