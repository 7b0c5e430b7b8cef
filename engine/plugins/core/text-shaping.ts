/**
 * Pure text transformations behind the core text formatters. Whitespace here
 * is the reference's (`\s` is ASCII only), not JavaScript's wider class.
 */
import { ASCII_WHITESPACE_CLASS, isJavaWhitespace } from './java-text.ts';
import { memoShortText } from './short-text-memo.ts';

const SLUG_REMOVED = new RegExp(`[^a-zA-Z0-9${ASCII_WHITESPACE_CLASS.slice(1, -1)}-]+`, 'g');
const WHITESPACE_RUN = new RegExp(`${ASCII_WHITESPACE_CLASS}+`, 'g');
const ONE_WHITESPACE = new RegExp(ASCII_WHITESPACE_CLASS, 'g');
const SPACE_CHARS = ASCII_WHITESPACE_CLASS.slice(1, -1);

// Quote placement: an opening quote follows the start of the text, a dash,
// an em dash, whitespace or an opening bracket; every other quote closes.
const OPENING_SINGLE = new RegExp(`(^|[-\\u2014${SPACE_CHARS}(\\["])'`, 'g');
const OPENING_DOUBLE = new RegExp(`(^|[-\\u2014/\\[(\\u2018${SPACE_CHARS}])"`, 'g');

/** Keeps ASCII letters, digits, whitespace and dashes; whitespace runs become one dash; lower case. */
function slugText(text: string): string {
  return text.replace(SLUG_REMOVED, '').replace(WHITESPACE_RUN, '-').toLowerCase();
}

/** slugText, memoised for short texts: item-classes slugifies the same categories and tags on every item. */
export const slugify = memoShortText(slugText);

/**
 * Cuts text longer than maxLen (>= 0) just after the last whitespace within
 * the first maxLen characters (or at maxLen when there is none) and appends
 * the ellipsis; shorter text is returned whole.
 */
export function truncateAtWhitespace(text: string, maxLen: number, ellipsis: string): string {
  if (text.length <= maxLen) return text;
  let end = maxLen;
  for (let i = maxLen - 1; i >= 0; i--) {
    if (isJavaWhitespace(text[i]!)) {
      end = i + 1;
      break;
    }
  }
  return text.slice(0, end) + ellipsis;
}

/** Straight quotes to curly ones, and a double dash to an em dash. */
export function smartenPunctuation(text: string): string {
  return text
    .replace(OPENING_SINGLE, '$1\u2018')
    .replaceAll("'", '\u2019')
    .replace(OPENING_DOUBLE, '$1\u201c')
    .replaceAll('"', '\u201d')
    .replaceAll('--', '\u2014');
}

/**
 * Removes everything that looks like a tag: each `<` to the first `>` after it. A scan rather than
 * `/<[^>]*?>/g`, which tried every later `<` to the end of the text when no `>` followed, time
 * growing with the square of a value's length (a 50 000-character value of `<` took 0.3 s,
 * ten times that a hundred times longer), in one step no render limit can stop.
 */
export function stripTags(text: string): string {
  let open = text.indexOf('<');
  if (open === -1) return text;
  let kept = '';
  let from = 0;
  while (open !== -1) {
    const close = text.indexOf('>', open + 1);
    // no `>` after this `<`: none after any later one either
    if (close === -1) break;
    kept += text.slice(from, open);
    from = close + 1;
    open = text.indexOf('<', from);
  }
  return kept + text.slice(from);
}

/** Every whitespace character (space, tab, newline...) becomes a non-breaking space entity. */
export function encodeSpaces(text: string): string {
  return text.replace(ONE_WHITESPACE, '&nbsp;');
}

/** Every newline becomes a `<br/>`. */
export function newlinesToBreaks(text: string): string {
  return text.replaceAll('\n', '<br/>');
}
