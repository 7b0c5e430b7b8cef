import { describe, expect, it } from 'vitest';
import { renderOk } from '../content/render-helper.ts';

const holds = (predicate: string, data: unknown): boolean =>
  renderOk(`{.${predicate}}yes{.or}no{.end}`, data) === 'yes';

describe('comments?', () => {
  it('is on when comments are open or public ones exist', () => {
    expect(holds('comments?', { commentState: 1 })).toBe(true);
    expect(holds('comments?', { commentState: 2, publicCommentCount: 1 })).toBe(true);
    expect(holds('comments?', { commentState: 2, publicCommentCount: 0 })).toBe(false);
  });

  it('is off when the site disables comments', () => {
    expect(holds('comments?', { commentState: 1, websiteSettings: { commentsEnabled: false } })).toBe(false);
    expect(holds('comments?', { commentState: 1, websiteSettings: {} })).toBe(false);
    expect(holds('comments?', { commentState: 1, websiteSettings: { commentsEnabled: true } })).toBe(true);
  });
});

describe('disqus?', () => {
  it('needs a Disqus short name', () => {
    expect(holds('disqus?', { websiteSettings: { disqusShortName: 'x' } })).toBe(true);
    expect(holds('disqus?', { websiteSettings: { disqusShortName: '' } })).toBe(false);
    expect(holds('disqus?', {})).toBe(false);
  });
});
