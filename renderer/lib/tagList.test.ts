import { describe, expect, it } from 'vitest';
import { visibleTags } from './tagList.ts';

const tags = Array.from({ length: 200 }, (_, i) => ({ tag: `tag-${String(i).padStart(3, '0')}${i % 10 === 0 ? '-Method' : ''}`, count: 1000 - i }));

describe('visibleTags', () => {
  it('shows the most used first, up to the limit, and counts the rest', () => {
    const view = visibleTags(tags, '', 12, null);
    expect(view.shown.map((t) => t.tag)).toEqual(tags.slice(0, 12).map((t) => t.tag));
    expect(view.hidden).toBe(188);
  });

  it('filters on any part of the tag, ignoring case, over every tag', () => {
    const view = visibleTags(tags, '  method ', 5, null);
    expect(view.shown.map((t) => t.tag)).toEqual(['tag-000-Method', 'tag-010-Method', 'tag-020-Method', 'tag-030-Method', 'tag-040-Method']);
    expect(view.hidden).toBe(15);
  });

  it('keeps the active tag in view even past the limit or outside the filter', () => {
    const past = visibleTags(tags, '', 3, 'tag-151');
    expect(past.shown.map((t) => t.tag)).toEqual(['tag-000-Method', 'tag-001', 'tag-002', 'tag-151']);
    expect(past.hidden).toBe(196);
    const outside = visibleTags(tags, 'method', 2, 'tag-153');
    expect(outside.shown.map((t) => t.tag)).toEqual(['tag-000-Method', 'tag-010-Method', 'tag-153']);
    expect(outside.hidden).toBe(18);
  });

  it('answers nothing hidden when everything fits, and ignores an active tag that no longer exists', () => {
    expect(visibleTags(tags.slice(0, 4), '', 12, 'gone')).toEqual({ shown: tags.slice(0, 4), hidden: 0, matched: 4 });
    expect(visibleTags([], 'x', 12, null)).toEqual({ shown: [], hidden: 0, matched: 0 });
    expect(visibleTags(tags, 'nothing like it', 12, 'tag-001')).toEqual({ shown: [tags[1]], hidden: 0, matched: 0 });
  });
});
