/**
 * How refusals are reported: short, safe excerpts of offending values (quoteValue), paths with
 * long keys cut (formatPath), and capped issue lists that still say how many issues there were
 * (capIssues, countIssues, formatIssues).
 */
import { describe, expect, it } from 'vitest';
import {
  capIssues,
  countIssues,
  formatIssues,
  formatPath,
  MAX_LISTED_ISSUES,
  MAX_MESSAGE_CHARS,
  MAX_QUOTED_CHARS,
  quoteValue,
  type SceneIssue,
} from '../../../core/scene/errors';

const issues = (n: number): SceneIssue[] => Array.from({ length: n }, (_, i) => ({ path: `$.objects[${i}]`, message: `problem ${i}` }));

describe('quoteValue', () => {
  it.each<[string, unknown, string]>([
    ['a short string', 'goal', '"goal"'],
    ['a number', 1.5, '1.5'],
    ['NaN', NaN, 'NaN'],
    ['undefined', undefined, 'undefined'],
    ['null', null, 'null'],
    ['a small object', { a: 1, b: [1, 2] }, '{"a":1,"b":[1,2]}'],
    ['nesting past two levels', [[[1]]], '[[[…]]]'],
    ['an empty list', [], '[]'],
    ['a function', () => 0, 'a function'],
  ])('%s → %s', (_name, value, quoted) => {
    expect(quoteValue(value)).toBe(quoted);
  });

  it('cuts a long string inside its quotes', () => {
    const quoted = quoteValue('x'.repeat(10_000));
    expect(quoted).toHaveLength(MAX_QUOTED_CHARS);
    expect(quoted).toMatch(/^"x+…"$/);
  });

  it('counts escapes: a string of quotes and newlines still fits', () => {
    const quoted = quoteValue('"\n'.repeat(1000));
    expect(quoted.length).toBeLessThanOrEqual(MAX_QUOTED_CHARS);
    expect(quoted.endsWith('…"')).toBe(true);
  });

  it('a 100,000-deep array and a 1,000,000-item list are quoted without recursing through them', () => {
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(quoteValue(deep)).toBe('[[[…]]]');
    const long = quoteValue(new Array(1_000_000).fill(7));
    expect(long.length).toBeLessThanOrEqual(MAX_QUOTED_CHARS);
    expect(long).toMatch(/^\[7,7,7,.*…$/);
  });
});

describe('formatPath', () => {
  it('writes identifiers with dots, other keys quoted, indices in brackets', () => {
    expect(formatPath(['queues', 'stick-1', 0, 'target_position', 1])).toBe('$.queues["stick-1"][0].target_position[1]');
  });

  it('cuts long keys, identifier-like or not, to a short quoted excerpt', () => {
    for (const key of ['a'.repeat(5000), `-${'b'.repeat(5000)}`]) {
      const path = formatPath(['queues', key]);
      expect(path.length).toBeLessThanOrEqual('$.queues[]'.length + MAX_QUOTED_CHARS);
      expect(path).toMatch(/^\$\.queues\["-?[ab]+…"\]$/);
    }
  });
});

describe('capped issue lists', () => {
  it('a list within the cap is returned as it is', () => {
    expect(capIssues(issues(MAX_LISTED_ISSUES))).toEqual(issues(MAX_LISTED_ISSUES));
  });

  it('a longer list keeps the first issues and ends with "… and N more"', () => {
    const capped = capIssues(issues(1000));
    expect(capped).toHaveLength(MAX_LISTED_ISSUES + 1);
    expect(capped.slice(0, MAX_LISTED_ISSUES)).toEqual(issues(MAX_LISTED_ISSUES));
    expect(capped[MAX_LISTED_ISSUES]).toEqual({ path: '$', message: `… and ${1000 - MAX_LISTED_ISSUES} more` });
    expect(countIssues(capped)).toBe(1000);
  });

  it('a prefix of the issues can be capped against the total found', () => {
    const capped = capIssues(issues(MAX_LISTED_ISSUES), 250_000);
    expect(capped.at(-1)).toEqual({ path: '$', message: `… and ${250_000 - MAX_LISTED_ISSUES} more` });
    expect(countIssues(capped)).toBe(250_000);
  });

  it('long messages are cut', () => {
    const [issue] = capIssues([{ path: '$', message: 'm'.repeat(5000) }]);
    expect(issue.message).toHaveLength(MAX_MESSAGE_CHARS);
    expect(issue.message.endsWith('…')).toBe(true);
  });

  it('formatIssues shows a few and counts the rest, including those the cap left out', () => {
    const text = formatIssues(capIssues(issues(1000)), 3);
    expect(text.split('\n')).toEqual(['$.objects[0]: problem 0', '$.objects[1]: problem 1', '$.objects[2]: problem 2', '… and 997 more']);
    expect(formatIssues(issues(4), 5).split('\n')).toHaveLength(4);
    expect(countIssues(issues(4))).toBe(4);
  });
});
