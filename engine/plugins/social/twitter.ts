/** activate-twitter-links and twitter-follow-button. */
import { asRecord } from '../../runtime/values.ts';
import { textOf } from '../core/node-coercion.ts';
import type { Formatter } from '../types.ts';
import { splitNonEmpty } from '../content/text.ts';
import { encodeQueryValue } from './calendar.ts';

const LINKS = /(\b(https?|ftp|file):\/\/[-A-Z0-9+&@#/%?=~_|!:,.;]*[-A-Z0-9+&@#/%=~_|])/gi;
const MENTIONS = /(^| )@([a-zA-Z0-9_]+)/gi;
const HASHTAGS = /(^| )#([a-zA-Z0-9_]+)/gi;

/** Turns URLs, @mentions and #hashtags of a tweet's text into links. */
export function activateTwitterLinks(text: string): string {
  return text
    .replace(LINKS, '<a target="new" href="$1">$1</a>')
    .replace(MENTIONS, '$1<a target="new" href="https://twitter.com/$2/">@$2</a>')
    .replace(
      HASHTAGS,
      (_match, lead: string, tag: string) =>
        `${lead}<a target="new" href="https://twitter.com/hashtag/${encodeQueryValue(tag)}?src=hash">#${tag}</a>`,
    );
}

/** The account's userName, else the last non-empty segment of its profile URL. */
function twitterUserName(account: unknown): string {
  const userName = textOf(asRecord(account)?.userName);
  if (userName !== '') return userName;
  const segments = splitNonEmpty(textOf(asRecord(account)?.profileUrl), '/');
  return segments.length === 0 ? '' : segments[segments.length - 1]!;
}

export const twitterFormatters = {
  'activate-twitter-links': {
    apply: (value) => activateTwitterLinks(textOf(value)),
  },
  'twitter-follow-button': {
    apply: (value) =>
      "<script>Y.use('squarespace-follow-buttons', function(Y) { " +
      "Y.on('domready', function() { Y.Squarespace.FollowButtonUtils.renderAll(); }); });" +
      `</script><div class="squarespace-follow-button" data-username="${twitterUserName(value)}"></div>`,
  },
} satisfies Record<string, Formatter>;
