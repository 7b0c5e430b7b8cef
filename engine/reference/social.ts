/** Reference of the social plugins (engine/plugins/social): comments, likes, sharing, Twitter, calendar links. */
import type { DomainReference } from './types.ts';

const ITEM_ID = '5f1a2b3c4d5e6f7a8b9c0d1e';

export const socialReference: DomainReference = {
  domain: 'social',
  title: 'Social',
  intro:
    'Markup for comments, likes, share buttons and calendar links. The platform\'s scripts fill the elements in; ' +
    'the formatters read the item (`id`, `fullUrl`, `likeCount`, `publicCommentCount`…) and the site settings (`websiteSettings`, `website`) from the context.',
  formatters: {
    'activate-twitter-links': {
      args: '',
      summary: 'Turns the `@handles` and `#hashtags` of a text into links to Twitter.',
      examples: [
        {
          template: '{tweet|activate-twitter-links}',
          data: { tweet: 'Thanks @ada for #wool' },
          output: 'Thanks <a target="new" href="https://twitter.com/ada/">@ada</a> for <a target="new" href="https://twitter.com/hashtag/wool?src=hash">#wool</a>',
        },
      ],
    },
    'twitter-follow-button': {
      args: '',
      summary: 'A Twitter follow button for the account `userName` (with the script that renders it).',
      examples: [
        {
          template: '{account|twitter-follow-button}',
          data: { account: { userName: 'shopname' } },
          output:
            '<script>Y.use(\'squarespace-follow-buttons\', function(Y) { Y.on(\'domready\', function() { Y.Squarespace.FollowButtonUtils.renderAll(); }); });</script><div class="squarespace-follow-button" data-username="shopname"></div>',
        },
      ],
    },
    'comment-count': {
      args: '',
      summary: 'The item\'s public comment count in words: "No Comments", "1 Comment", "12 Comments".',
      examples: [{ template: '{item|comment-count}', data: { item: { publicCommentCount: 1 } }, output: '1 Comment' }],
    },
    'comment-link': {
      args: '',
      summary: 'A link to the item\'s comments (a Disqus link when `websiteSettings.disqusShortname` is set).',
      examples: [
        {
          template: '{item|comment-link}',
          data: { websiteSettings: { disqusShortname: 'myshop' }, item: { id: ITEM_ID, fullUrl: '/blog/hello' } },
          output: `\n  <a href="/blog/hello" class="sqs-comment-link sqs-disqus-comment-link" data-id="${ITEM_ID}"></a>\n`,
          note: 'The markup comes from the platform\'s internal template, its newlines included.',
        },
      ],
    },
    comments: {
      args: '',
      summary: 'The element the comment thread is drawn into (the Disqus thread when Disqus is set).',
      examples: [
        {
          template: '{item|comments}',
          data: { websiteSettings: { disqusShortname: 'myshop' }, item: { id: ITEM_ID } },
          output: '\n  <div class="squarespace-comments" id="disqus_thread"></div>\n',
          note: 'The markup comes from the platform\'s internal template, its newlines included.',
        },
      ],
    },
    'social-button': {
      args: '',
      summary: 'The share buttons of an item as a block, when the site has share buttons (`website.shareButtonOptions`).',
      examples: [
        {
          template: '{item|social-button}',
          data: { website: { shareButtonOptions: ['facebook'] }, item: { mainImageId: ITEM_ID, mainImage: { assetUrl: '/hat.jpg' }, recordType: 1, title: 'Hat', fullUrl: '/shop/hat' } },
          output: `<div class="squarespace-social-buttons button-style" data-system-data-id="${ITEM_ID}" data-asset-url="/hat.jpg" data-record-type="1" data-full-url="/shop/hat" data-title="Hat"></div>`,
        },
      ],
    },
    'social-button-inline': {
      args: '',
      summary: 'The same share buttons as `social-button`, inline in a `<span>`.',
      examples: [
        {
          template: '{item|social-button-inline}',
          data: { website: { shareButtonOptions: ['facebook'] }, item: { mainImageId: ITEM_ID, mainImage: { assetUrl: '/hat.jpg' }, recordType: 1, title: 'Hat', fullUrl: '/shop/hat' } },
          output: `<span class="squarespace-social-buttons inline-style" data-system-data-id="${ITEM_ID}" data-asset-url="/hat.jpg" data-record-type="1" data-full-url="/shop/hat" data-title="Hat"></span>`,
        },
      ],
    },
    'google-calendar-url': {
      args: '',
      summary: 'An "add to Google Calendar" link for an event: its title, start and end (UTC) and address.',
      examples: [
        {
          template: '<a href="{event|google-calendar-url}">Add to calendar</a>',
          data: { event: { title: 'Open Day', startDate: 1700000000000, endDate: 1700007200000, location: { addressLine1: '1 Main St', addressCountry: 'US' } } },
          output:
            '<a href="http://www.google.com/calendar/event?action=TEMPLATE&text=Open%20Day&dates=20231114T221320Z/20231115T001320Z&location=1%20Main%20St%2C%20US">Add to calendar</a>',
        },
      ],
    },
    'like-button': {
      args: '',
      summary: 'The like button of an item, when simple liking is on (`websiteSettings.simpleLikingEnabled`).',
      examples: [
        {
          template: '{item|like-button}',
          data: { websiteSettings: { simpleLikingEnabled: true }, item: { id: ITEM_ID, likeCount: 12 } },
          output: `\n  <span class="sqs-simple-like" data-item-id="${ITEM_ID}" data-like-count="12">\n    <span class="like-icon"></span>\n    <span class="like-count"></span>\n  </span>\n`,
          note: 'The markup comes from the platform\'s internal template, its newlines included.',
        },
      ],
    },
  },
  predicates: {
    'comments?': {
      args: '',
      summary: 'The current item shows comments: they are open on it (`commentState` 1) or it already has public ones, and the site has not turned comments off.',
      examples: [
        { template: '{.section item}{.comments?}{@|comment-count}{.end}{.end}', data: { websiteSettings: { commentsEnabled: true }, item: { commentState: 1, publicCommentCount: 0 } }, output: 'No Comments' },
      ],
    },
    'disqus?': {
      args: '',
      summary: 'The site uses Disqus for comments: `websiteSettings.disqusShortName` is set (spelled with a capital N, as both references read it).',
      examples: [{ template: '{.disqus?}Disqus{.or}built-in{.end}', data: { websiteSettings: { disqusShortName: 'myshop' } }, output: 'Disqus' }],
    },
  },
};
