/**
 * HTML escaping of text. Attribute escaping also covers the double quote;
 * the single quote passes through, as in the reference's released output.
 *
 * Both run on every emitted value, so they return the input itself when
 * nothing needs escaping (the common case), and short texts, which pages
 * print again and again, are escaped once.
 */
import { memoShortText } from './short-text-memo.ts';

const AMPERSAND = 38;
const LESS_THAN = 60;
const GREATER_THAN = 62;
const DOUBLE_QUOTE = 34;

function entityOf(code: number): string {
  switch (code) {
    case AMPERSAND:
      return '&amp;';
    case LESS_THAN:
      return '&lt;';
    case GREATER_THAN:
      return '&gt;';
    default:
      return '&quot;';
  }
}

function escapeFrom(text: string, first: number, quotes: boolean): string {
  let out = text.slice(0, first);
  let start = first;
  for (let i = first; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === AMPERSAND || code === LESS_THAN || code === GREATER_THAN || (quotes && code === DOUBLE_QUOTE)) {
      if (i > start) out += text.slice(start, i);
      out += entityOf(code);
      start = i + 1;
    }
  }
  return start < text.length ? out + text.slice(start) : out;
}

// A native regex test is the quickest way to find that nothing needs escaping.
const TEXT_SPECIAL = /[&<>]/;
const ATTRIBUTE_SPECIAL = /[&<>"]/;

function escapeText(text: string): string {
  if (!TEXT_SPECIAL.test(text)) return text;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === AMPERSAND || code === LESS_THAN || code === GREATER_THAN) return escapeFrom(text, i, false);
  }
  return text;
}

function escapeAttribute(text: string): string {
  if (!ATTRIBUTE_SPECIAL.test(text)) return text;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === AMPERSAND || code === LESS_THAN || code === GREATER_THAN || code === DOUBLE_QUOTE) {
      return escapeFrom(text, i, true);
    }
  }
  return text;
}

export const escapeHtml: (text: string) => string = memoShortText(escapeText);
export const escapeHtmlAttribute: (text: string) => string = memoShortText(escapeAttribute);
