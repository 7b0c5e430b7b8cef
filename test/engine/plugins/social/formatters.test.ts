/** Every social formatter, through compile and render. */
import { describe, expect, it } from 'vitest';
import { defaultRegistry } from '../../../../engine/index.ts';
import { socialFormatters } from '../../../../engine/plugins/social/index.ts';
import { calendarTimestamp, encodeQueryValue, locationText } from '../../../../engine/plugins/social/calendar.ts';
import { commentCountText } from '../../../../engine/plugins/social/comment-formatters.ts';
import { renderOk } from '../content/render-helper.ts';

describe('registration', () => {
  it('registers the nine social formatters', () => {
    const names = [
      'activate-twitter-links', 'comment-count', 'comment-link', 'comments', 'google-calendar-url',
      'like-button', 'social-button', 'social-button-inline', 'twitter-follow-button',
    ];
    expect(Object.keys(socialFormatters).sort()).toEqual(names);
    for (const name of names) expect(defaultRegistry.formatter(name)).toBe(socialFormatters[name]);
  });
});

describe('activate-twitter-links', () => {
  it('links URLs, mentions and hashtags', () => {
    expect(renderOk('{t|activate-twitter-links}', { t: 'see https://x.com/a?b=1 now' })).toBe(
      'see <a target="new" href="https://x.com/a?b=1">https://x.com/a?b=1</a> now',
    );
    expect(renderOk('{t|activate-twitter-links}', { t: '@ann and #tag' })).toBe(
      '<a target="new" href="https://twitter.com/ann/">@ann</a> and ' +
        '<a target="new" href="https://twitter.com/hashtag/tag?src=hash">#tag</a>',
    );
  });

  it('leaves mentions inside words alone', () => {
    expect(renderOk('{t|activate-twitter-links}', { t: 'mail a@b.c' })).toBe('mail a@b.c');
  });
});

describe('comments', () => {
  it('counts comments in words', () => {
    expect(commentCountText(0)).toBe('No Comments');
    expect(commentCountText(1)).toBe('1 Comment');
    expect(commentCountText(2)).toBe('2 Comments');
    expect(renderOk('{@|comment-count}', { publicCommentCount: '3' })).toBe('3 Comments');
  });

  it('comment-link without disqus shows the count', () => {
    const html = renderOk('{item|comment-link}', { item: { id: 'i', fullUrl: '/p', publicCommentCount: 0 } });
    expect(html).toContain('href="/p#comments-i"');
    expect(html.replace(/\s+/g, ' ')).toContain('No Comment');
  });

  it('comments picks the container by disqus, item or collection', () => {
    // The containers keep the template's surrounding line breaks; compare the markup.
    expect(renderOk('{item|comments}', { websiteSettings: { disqusShortname: 'x' }, item: { id: 'i' } }).trim()).toBe(
      '<div class="squarespace-comments" id="disqus_thread"></div>',
    );
    expect(renderOk('{c|comments}', { c: { id: 'c1' }, collection: { id: 'c1', commentState: 1 } })).toContain(
      'data-collection-id="c1"',
    );
    expect(renderOk('{x|comments}', { x: { id: 'z' } }).trim()).toBe('<div class="squarespace-comments" id="comments-z"></div>');
  });
});

describe('google-calendar-url', () => {
  it('builds the link from UTC dates, title and location', () => {
    const event = {
      title: 'Launch & party',
      startDate: Date.UTC(2020, 0, 2, 3, 4, 5),
      endDate: Date.UTC(2020, 0, 2, 6, 0, 0),
      location: { addressLine1: ' ', addressLine2: 'Hall (B)', addressCountry: 'FR' },
    };
    expect(renderOk('{@|google-calendar-url}', event)).toBe(
      'http://www.google.com/calendar/event?action=TEMPLATE&text=Launch%20%26%20party' +
        '&dates=20200102T030405Z/20200102T060000Z&location=Hall%20%28B%29%2C%20FR',
    );
  });

  it('omits an empty location', () => {
    expect(renderOk('{@|google-calendar-url}', { location: {} })).toBe(
      'http://www.google.com/calendar/event?action=TEMPLATE&text=&dates=19700101T000000Z/19700101T000000Z',
    );
  });

  it('helpers', () => {
    expect(calendarTimestamp(Date.UTC(1999, 11, 31, 23, 59, 59))).toBe('19991231T235959Z');
    expect(encodeQueryValue("a b!*'~")).toBe('a%20b%21*%27%7E');
    expect(locationText({ addressLine1: 'x', addressCountry: 'y' })).toBe('x, y');
  });
});

describe('like-button', () => {
  it('shows only when simple liking is on', () => {
    const item = { id: 'i', likeCount: 4 };
    expect(renderOk('{item|like-button}', { item, websiteSettings: { simpleLikingEnabled: true } })).toContain(
      'data-item-id="i" data-like-count="4"',
    );
    expect(renderOk('{item|like-button}', { item, websiteSettings: { simpleLikingEnabled: false } }).trim()).toBe('');
  });
});

describe('social buttons', () => {
  const item = { systemDataId: 's', mainImageId: 'm', assetUrl: '/own.jpg', recordType: 2, fullUrl: '/u', title: 'a"b' };

  it('renders a div or span with the item data', () => {
    expect(renderOk('{@|social-button}', { ...item, website: { shareButtonOptions: { a: 1 } } })).toBe(
      '<div class="squarespace-social-buttons button-style" data-system-data-id="s" data-asset-url="/own.jpg" ' +
        'data-record-type="2" data-full-url="/u" data-title="a&quot;b"></div>',
    );
    expect(renderOk('{@|social-button-inline}', { ...item, website: { shareButtonOptions: [1] } })).toMatch(
      /^<span class="squarespace-social-buttons inline-style".*<\/span>$/,
    );
  });

  it('is empty without share options', () => {
    expect(renderOk('{@|social-button}', { ...item, website: { shareButtonOptions: [] } })).toBe('');
    expect(renderOk('{@|social-button-inline}', item)).toBe('');
  });
});

describe('twitter-follow-button', () => {
  it('takes the user name, else the end of the profile URL', () => {
    expect(renderOk('{@|twitter-follow-button}', { userName: 'a' })).toContain('data-username="a"');
    expect(renderOk('{@|twitter-follow-button}', { profileUrl: 'https://twitter.com/bob/' })).toContain(
      'data-username="bob"',
    );
  });
});
